import type { ApiScope, WebhookEvent } from '@fleet/contract';
import { EVENT_SCOPE, WEBHOOK_EVENTS, type Webhook, type WebhookSecret } from '@fleet/contract';
import { Checkbox, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateWebhookMutation, useEditWebhookMutation } from '../../api/apps/app-mutations';
import { FormModal } from '../../components/FormModal';
import { notify } from '../../feedback/notifier';
import { eventKey, scopeKey } from './text-keys';

interface Values {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

interface Props {
  appId: string;
  /** The application's scopes: an event they do not cover cannot be chosen (APPS-WEBHOOK-SCOPES). */
  scopes: readonly ApiScope[];
  webhook?: Webhook;
  onClose: () => void;
  onCreated: (made: WebhookSecret) => void;
}

/** Where an application is told what happened, and which events it wants. */
const SUGGESTED: readonly WebhookEvent[] = ['robot.offline', 'robot.error.raised', 'task.finished'];

export default function WebhookFormModal({ appId, scopes, webhook, onClose, onCreated }: Props) {
  const { t } = useTranslation(['apps', 'common']);
  const [form] = Form.useForm<Values>();
  const create = useCreateWebhookMutation();
  const edit = useEditWebhookMutation();
  const covered = (e: WebhookEvent) => scopes.includes(EVENT_SCOPE[e]);
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
          : { url: '', events: SUGGESTED.filter(covered), active: true }
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
        extra={WEBHOOK_EVENTS.every(covered) ? undefined : t('webhooks.eventsScoped')}
        rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
      >
        <Checkbox.Group
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', rowGap: 6 }}
          options={WEBHOOK_EVENTS.map((e) =>
            covered(e)
              ? { value: e, label: t(eventKey(e)) }
              : {
                  value: e,
                  disabled: true,
                  label: (
                    <span title={t('webhooks.needsScope', { scope: t(scopeKey(EVENT_SCOPE[e])) })}>
                      {t(eventKey(e))}
                    </span>
                  ),
                },
          )}
        />
      </Form.Item>
      <Form.Item name="active" label={t('webhooks.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
