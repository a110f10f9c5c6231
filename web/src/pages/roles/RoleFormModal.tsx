import { type CustomRole, roleName } from '@fleet/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleCreateMutation } from '../../api/roles/role-create-mutation';
import { useRoleEditMutation } from '../../api/roles/role-edit-mutation';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { zodRule } from '../../forms/zod-rule';
import { PermissionMatrix } from './PermissionMatrix';
import {
  EMPTY_ROLE,
  ROLE_FORM_FIELDS,
  type RoleFormValues,
  roleFormValuesOf,
  toCreateRoleBody,
  toEditRoleBody,
} from './role-form.utils';

interface Props {
  /** The role edited, or undefined to create one. */
  role?: CustomRole | undefined;
  onClose: () => void;
}

/** Create or edit a custom role: its name, what it is for, and its permissions. Mounted only while open. */
export function RoleFormModal({ role, onClose }: Props) {
  const { t } = useTranslation(['roles', 'errors']);
  const [form] = Form.useForm<RoleFormValues>();
  const create = useRoleCreateMutation();
  const edit = useRoleEditMutation();

  async function submit(values: RoleFormValues) {
    if (role) await edit.mutateAsync(toEditRoleBody(role.id, values));
    else await create.mutateAsync(toCreateRoleBody(values));
    notify({
      level: 'success',
      text: t(role ? 'form.saved' : 'form.created', { name: values.name.trim() }),
    });
  }

  return (
    <FormModal<RoleFormValues>
      form={form}
      name="role-form"
      width={640}
      title={role ? t('form.editTitle', { name: role.name }) : t('form.createTitle')}
      okText={role ? t('form.save') : t('form.create')}
      cancelText={t('actions.cancel')}
      saving={create.isPending || edit.isPending}
      submitTestId="role-form-submit"
      initialValues={role ? roleFormValuesOf(role) : EMPTY_ROLE}
      fields={ROLE_FORM_FIELDS}
      conflicts={{ name: t('form.nameTaken') }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('form.name')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('errors:validation.required') },
          zodRule(roleName, t),
        ]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('form.description')}
        rules={[{ max: 300, message: t('errors:validation.tooLong', { max: 300 }) }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="permissions" label={t('form.permissions')}>
        <PermissionMatrix />
      </Form.Item>
    </FormModal>
  );
}
