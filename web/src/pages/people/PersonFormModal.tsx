import { email, type Person, personName } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Alert, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePersonCreateMutation } from '../../api/people/person-create-mutation';
import { usePersonEditMutation } from '../../api/people/person-edit-mutation';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { zodRule } from '../../forms/zod-rule';
import { PhoneFields } from './PhoneFields';
import {
  addableRoles,
  EMPTY_PERSON,
  formValuesOf,
  PERSON_FORM_FIELDS,
  type PersonFormValues,
  toCreateBody,
  toEditBody,
} from './person-form.utils';

interface Props {
  /** The person edited, or undefined to add one. */
  person?: Person | undefined;
  /** Whether the caller may make the new person an administrator (the owner). */
  mayAppointAdmins: boolean;
  onClose: () => void;
}

/** Add a person, or edit one's name, phone and audio access. Mounted only while open. */
export function PersonFormModal({ person, mayAppointAdmins, onClose }: Props) {
  const { t } = useTranslation(['people', 'errors']);
  const [form] = Form.useForm<PersonFormValues>();
  const create = usePersonCreateMutation();
  const edit = usePersonEditMutation();
  const adding = person === undefined;
  const required = { required: true, whitespace: true, message: t('errors:validation.required') };

  async function submit(values: PersonFormValues) {
    if (adding) {
      const added = await create.mutateAsync(toCreateBody(values));
      notify({ level: 'success', text: t('form.added', { name: fullName(added) }) });
    } else {
      await edit.mutateAsync(toEditBody(person.id, values));
      notify({ level: 'success', text: t('form.saved') });
    }
  }

  return (
    <FormModal<PersonFormValues>
      form={form}
      name="person-form"
      title={adding ? t('form.addTitle') : t('form.editTitle', { name: fullName(person) })}
      okText={adding ? t('form.add') : t('form.save')}
      cancelText={t('actions.cancel')}
      saving={create.isPending || edit.isPending}
      submitTestId="person-form-submit"
      requiredMark="optional"
      initialValues={person ? formValuesOf(person) : EMPTY_PERSON}
      fields={PERSON_FORM_FIELDS}
      conflicts={{ email: t('form.emailTaken') }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="firstName"
        validateFirst
        label={t('form.firstName')}
        rules={[required, zodRule(personName, t)]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="lastName"
        validateFirst
        label={t('form.lastName')}
        rules={[required, zodRule(personName, t)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('form.email')}
        validateFirst
        rules={[required, zodRule(email, t)]}
        extra={adding ? t('form.emailHelp') : t('form.emailFixed')}
      >
        <Input type="email" autoComplete="off" disabled={!adding} />
      </Form.Item>
      <PhoneFields />
      {adding && (
        <Form.Item
          name="role"
          label={t('form.role')}
          extra={mayAppointAdmins ? undefined : t('form.adminOwnerOnly')}
        >
          <Select
            data-testid="person-form-role"
            options={addableRoles(mayAppointAdmins).map((r) => ({
              value: r,
              label: t(`roles.${r}`, { ns: 'common' }),
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="enableAudio"
        label={t('form.audio')}
        valuePropName="checked"
        extra={t('form.audioHelp')}
      >
        <Switch />
      </Form.Item>
      {adding && <Alert type="info" showIcon title={t('form.existingAccount')} />}
    </FormModal>
  );
}
