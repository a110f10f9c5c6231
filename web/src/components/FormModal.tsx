import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useServerFieldErrors } from '../forms/use-server-field-errors';

interface Props<V, R> {
  form: FormInstance<V>;
  title: ReactNode;
  okText: ReactNode;
  /** antd's own "Cancel" when absent. */
  cancelText?: ReactNode;
  saving: boolean;
  /** The submit button's data-testid. */
  submitTestId?: string;
  /** The submit button is red: the action takes something away (a release, a removal). */
  okDanger?: boolean;
  /** The form's name; its fields' ids are `<name>_<field>`. */
  name?: string;
  formTestId?: string;
  width?: number;
  requiredMark?: FormProps<V>['requiredMark'];
  initialValues: FormProps<V>['initialValues'];
  /** Body field → form field, for the server's `body.<field>: reason` complaints. */
  fields: Readonly<Record<string, string>>;
  /** The clear text of a conflict on a field (an e-mail taken). */
  conflicts?: Readonly<Record<string, string>>;
  /**
   * Shows a failed save in place of the default (which knows only a body's top-level fields), for forms whose
   * server complaints name nested fields (`body.policy.doorHoldS`).
   */
  onError?: ((error: unknown) => void) | undefined;
  /** Saves. A failure is shown on the fields it names (or toasted) and the dialog stays open. */
  onSubmit: (values: V) => Promise<R>;
  onClose: () => void;
  /** After a save, once the dialog is closed (a dialog opened here then stays open). */
  onSaved?: ((saved: R) => void) | undefined;
  children: ReactNode;
}

/**
 * A create or edit dialog: an antd Modal around a vertical Form, submitted by the OK button, which spins while
 * saving. The server's complaints land on the fields they name. Mounted only while open.
 */
export function FormModal<V, R = void>(props: Props<V, R>) {
  const { form, fields, conflicts, onSubmit, onClose, onSaved } = props;
  const defaultErrors = useServerFieldErrors(form, fields, conflicts);
  const showErrors = props.onError ?? defaultErrors;

  async function submit(values: V) {
    let saved: R;
    try {
      saved = await onSubmit(values);
    } catch (error) {
      showErrors(error);
      return;
    }
    onClose();
    onSaved?.(saved);
  }

  return (
    <Modal
      open
      width={props.width}
      title={props.title}
      okText={props.okText}
      cancelText={props.cancelText}
      confirmLoading={props.saving}
      okButtonProps={{
        danger: props.okDanger,
        ...(props.submitTestId ? { 'data-testid': props.submitTestId } : {}),
      }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        name={props.name}
        data-testid={props.formTestId}
        layout="vertical"
        requiredMark={props.requiredMark}
        initialValues={props.initialValues}
        onFinish={submit}
      >
        {props.children}
      </Form>
    </Modal>
  );
}
