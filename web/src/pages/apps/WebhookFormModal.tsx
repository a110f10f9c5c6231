import type { WebhookEvent } from '@fleet/contract';
import { WEBHOOK_EVENTS, type Webhook, type WebhookSecret } from '@fleet/contract';
import { Checkbox, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateWebhookMutation, useEditWebhookMutation } from '../../api/apps/app-mutations';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { eventKey } from './text-keys';

interface Values {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

interface Props {
  appId: string;
  webhook?: Webhook;
  onClose: () => void;
  onCreated: (made: WebhookSecret) => void;
}

/** Where an application is told what happened, and which events it wants. */
export default function WebhookFormModal({ appId, webhook, onClose, onCreated }: Props) {
  const { t } = useTranslation(['apps', 'common']);
  const [form] = Form.useForm<Values>();
  const create = useCreateWebhookMutation();
  const edit = useEditWebhookMutation();
  const submit = async (v: Values): Promise<WebhookSecret | undefined> => {
    if (webhook) {
      await edit.mutateAsync({ id: webhook.id, url: v.url, events: v.events, active: v.active });
      notify({ level: 'success', text: t('common:success') });
      return undefined;
    }
    return create.mutateAsync({ appId, url: v.url, events: v.events, active: v.active });
  };
  return (
    <FormModal<Values, WebhookSecret | undefined>
      form={form}
      name="webhook"
      formTestId="webhook-form"
      width={600}
      title={webhook ? t('webhooks.editTitle') : t('webhooks.createTitle')}
      okText={webhook ? t('common:save') : t('webhooks.create')}
      submitTestId="webhook-form-submit"
      saving={create.isPending || edit.isPending}
      initialValues={
        webhook
          ? { url: webhook.url, events: webhook.events, active: webhook.active }
          : { url: '', events: ['robot.offline', 'robot.error.raised', 'task.finished'], active: true }
      }
      fields={{ url: 'url', events: 'events', active: 'active' }}
      onSubmit={submit}
      onClose={onClose}
      onSaved={(made) => made && onCreated(made)}
    >
      <Form.Item
        name="url"
        label={t('webhooks.url')}
        extra={t('webhooks.urlHelp')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }]}
      >
        <Input placeholder="https://pms.example.com/hooks/robots" maxLength={2000} />
      </Form.Item>
      <Form.Item
        name="events"
        label={t('webhooks.events')}
        rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
      >
        <Checkbox.Group
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', rowGap: 6 }}
          options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: t(eventKey(e)) }))}
        />
      </Form.Item>
      <Form.Item name="active" label={t('webhooks.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
