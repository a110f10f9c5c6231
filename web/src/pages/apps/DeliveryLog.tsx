import type { DeliveryStatus, WebhookDelivery } from '@fleet/contract';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebhookDeliveriesQuery } from '../../api/apps/apps-query';
import { DateTimeText } from '../../components/DateTimeText';

const COLOURS: Record<DeliveryStatus, string> = {
  pending: 'blue',
  delivered: 'green',
  retrying: 'orange',
  failed: 'red',
};

/** A webhook's latest deliveries with the receiver's answer: what an integrator asks about first. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation('apps');
  const log = useWebhookDeliveriesQuery(webhookId);
  return (
    <Table<WebhookDelivery>
      rowKey="id"
      size="small"
      loading={log.isLoading}
      dataSource={log.data}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('deliveries.empty') }}
      data-testid="delivery-log"
      columns={[
        {
          title: t('deliveries.when'),
          key: 'when',
          width: 130,
          render: (_, d) => <DateTimeText iso={d.createdAt} />,
        },
        {
          title: t('deliveries.event'),
          key: 'event',
          render: (_, d) => <Typography.Text code>{d.eventType}</Typography.Text>,
        },
        {
          title: t('deliveries.status'),
          key: 'status',
          width: 110,
          render: (_, d) => (
            <Tag color={COLOURS[d.status]} data-testid="delivery-status">
              {t(`deliveries.statuses.${d.status}`)}
            </Tag>
          ),
        },
        {
          title: t('deliveries.answer'),
          key: 'answer',
          render: (_, d) => (
            <Typography.Text type={d.statusCode !== null && d.statusCode < 300 ? undefined : 'danger'}>
              {d.statusCode ?? d.error ?? '—'}
              {d.attempts > 1 ? ` · ${t('deliveries.attempts', { count: d.attempts })}` : ''}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
