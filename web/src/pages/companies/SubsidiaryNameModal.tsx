import { companyName, type Subsidiary } from '@fleet/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubsidiaryCreateMutation } from '../../api/companies/subsidiary-create-mutation';
import { useSubsidiaryRenameMutation } from '../../api/companies/subsidiary-rename-mutation';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { zodRule } from '../../forms/zod-rule';
import { SUBSIDIARY_FORM_FIELDS } from './subsidiaries.utils';

interface Props {
  /** The subsidiary renamed, or undefined to create one. */
  subsidiary?: Subsidiary | undefined;
  onClose: () => void;
  /** After a creation, once the lists and the menu's probe are fresh again. */
  onCreated?: ((created: Subsidiary) => void) | undefined;
}

/** Create a subsidiary (in this company's region, owned by its owner) or rename one. */
export function SubsidiaryNameModal({ subsidiary, onClose, onCreated }: Props) {
  const { t } = useTranslation(['companies', 'errors']);
  const [form] = Form.useForm<{ name: string }>();
  const create = useSubsidiaryCreateMutation();
  const rename = useSubsidiaryRenameMutation();

  async function submit({ name }: { name: string }): Promise<Subsidiary | undefined> {
    let created: Subsidiary | undefined;
    if (subsidiary) await rename.mutateAsync({ id: subsidiary.id, name: name.trim() });
    // Resolves once the mutation has refreshed the company queries, the menu's probe among them.
    else created = await create.mutateAsync(name.trim());
    notify({
      level: 'success',
      text: t(subsidiary ? 'form.renamed' : 'form.created', { name: name.trim() }),
    });
    return created;
  }

  return (
    <FormModal<{ name: string }, Subsidiary | undefined>
      form={form}
      name="subsidiary-form"
      title={subsidiary ? t('form.renameTitle', { name: subsidiary.name }) : t('form.createTitle')}
      okText={subsidiary ? t('form.rename') : t('form.create')}
      cancelText={t('actions.cancel')}
      saving={create.isPending || rename.isPending}
      submitTestId="subsidiary-form-submit"
      initialValues={{ name: subsidiary?.name ?? '' }}
      fields={SUBSIDIARY_FORM_FIELDS}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(created) => created && onCreated?.(created)}
    >
      <Form.Item
        name="name"
        label={t('form.name')}
        extra={subsidiary ? undefined : t('form.createHelp')}
        validateFirst
        rules={[
          { required: true, whitespace: true, message: t('errors:validation.required') },
          zodRule(companyName, t),
        ]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
    </FormModal>
  );
}
