import { PlusOutlined } from '@ant-design/icons';
import type { ApiApp, Webhook, WebhookSecret } from '@fleet/contract';
import { WEBHOOKS_PER_APP_MAX } from '@fleet/contract';
import { Button, Collapse, Empty, Flex, Modal, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useRemoveWebhookMutation,
  useRotateWebhookSecretMutation,
  useTestWebhookMutation,
} from '../../api/apps/app-mutations';
import { useWebhooksQuery } from '../../api/apps/apps-query';
import { Heading } from '../../components/Panel';
import { notify } from '../../feedback/notifier';
import { DeliveryLog } from './DeliveryLog';
import { eventKey } from './text-keys';

const WebhookFormModal = lazy(() => import('./WebhookFormModal'));
const WebhookSecretModal = lazy(() => import('./WebhookSecretModal'));

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; webhook: Webhook }
  | { kind: 'secret'; made: WebhookSecret };

/** APPS-WEBHOOKS: an application's webhooks, each with its events, a test button and its delivery log. */
export function WebhooksPanel({ app }: { app: ApiApp }) {
  const { t } = useTranslation('apps');
  const hooks = useWebhooksQuery(app.id);
  const [dialog, setDialog] = useState<Dialog>();
  const [modal, confirmations] = Modal.useModal();
  const test = useTestWebhookMutation();
  const rotate = useRotateWebhookSecretMutation();
  const remove = useRemoveWebhookMutation();
  const live = app.status === 'active';
  const full = (hooks.data?.length ?? 0) >= WEBHOOKS_PER_APP_MAX;

  const sendTest = (hook: Webhook) =>
    test.mutate(hook.id, {
      onSuccess: (d) =>
        notify(
          d.status === 'delivered'
            ? { level: 'success', text: t('webhooks.testOk', { code: d.statusCode }) }
            : { level: 'error', text: t('webhooks.testFailed', { reason: d.statusCode ?? d.error ?? '' }) },
        ),
    });

  return (
    <Flex vertical gap={8} data-testid="webhooks-panel">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Heading level={2}>{t('webhooks.title')}</Heading>
        <Button
          icon={<PlusOutlined aria-hidden />}
          disabled={full}
          onClick={() => setDialog({ kind: 'create' })}
          data-testid="webhook-create"
        >
          {t('webhooks.create')}
        </Button>
      </Flex>
      {!live && <Typography.Text type="warning">{t('webhooks.stopped')}</Typography.Text>}
      {hooks.data && hooks.data.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhooks.empty')} />
      )}
      {hooks.data && hooks.data.length > 0 && (
        <Collapse
          items={hooks.data.map((hook) => ({
            key: hook.id,
            label: (
              <Flex gap={8} align="center" wrap data-testid="webhook-row">
                <Typography.Text style={{ wordBreak: 'break-all' }}>{hook.url}</Typography.Text>
                {!hook.active && <Tag>{t('webhooks.off')}</Tag>}
                {hook.lastDelivery && (
                  <Tag color={hook.lastDelivery.status === 'delivered' ? 'green' : 'orange'}>
                    {t(`deliveries.statuses.${hook.lastDelivery.status}`)}
                  </Tag>
                )}
              </Flex>
            ),
            children: (
              <Flex vertical gap={12}>
                <Flex gap={4} wrap>
                  {hook.events.map((e) => (
                    <Tag key={e}>{t(eventKey(e))}</Tag>
                  ))}
                </Flex>
                <Space wrap>
                  <Button
                    size="small"
                    type="primary"
                    disabled={!live || !hook.active}
                    loading={test.isPending && test.variables === hook.id}
                    onClick={() => sendTest(hook)}
                    data-testid="webhook-test"
                  >
                    {t('webhooks.test')}
                  </Button>
                  <Button size="small" onClick={() => setDialog({ kind: 'edit', webhook: hook })}>
                    {t('actions.edit')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() =>
                      void modal.confirm({
                        title: t('webhooks.rotateTitle'),
                        content: t('webhooks.rotateExplain'),
                        onOk: () =>
                          rotate.mutateAsync(hook.id).then((made) => setDialog({ kind: 'secret', made })),
                      })
                    }
                  >
                    {t('webhooks.rotate')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      void modal.confirm({
                        title: t('webhooks.removeTitle'),
                        content: hook.url,
                        okButtonProps: { danger: true },
                        onOk: () => remove.mutateAsync(hook.id),
                      })
                    }
                  >
                    {t('actions.remove')}
                  </Button>
                </Space>
                <DeliveryLog webhookId={hook.id} />
              </Flex>
            ),
          }))}
        />
      )}
      {confirmations}
      <Suspense fallback={null}>
        {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
          <WebhookFormModal
            appId={app.id}
            scopes={app.scopes}
            webhook={dialog.kind === 'edit' ? dialog.webhook : undefined}
            onClose={() => setDialog(undefined)}
            onCreated={(made) => setDialog({ kind: 'secret', made })}
          />
        )}
        {dialog?.kind === 'secret' && (
          <WebhookSecretModal made={dialog.made} onClose={() => setDialog(undefined)} />
        )}
      </Suspense>
    </Flex>
  );
}
