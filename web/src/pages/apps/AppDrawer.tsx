import type { ApiApp } from '@fleet/contract';
import { Descriptions, Drawer, Empty, Flex, Segmented, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiAppUsageQuery } from '../../api/apps/apps-query';
import { DateTimeText } from '../../components/DateTimeText';
import { Heading } from '../../components/Panel';
import { AppStatusTag } from './AppStatusTag';
import { RobotReach } from './RobotReach';
import { scopeKey } from './text-keys';
import { UsageChart } from './UsageChart';
import { WebhooksPanel } from './WebhooksPanel';

const WINDOWS = [24, 168, 720] as const;

/** One application: what it may do, its secrets, how much it is used, and its webhooks. */
export default function AppDrawer({ app, onClose }: { app: ApiApp; onClose: () => void }) {
  const { t } = useTranslation('apps');
  const [hours, setHours] = useState<number>(168);
  const usage = useApiAppUsageQuery(app.id, hours);
  return (
    <Drawer open size={760} title={app.name} onClose={onClose} destroyOnHidden data-testid="app-drawer">
      <Flex vertical gap={24}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('detail.status')}>
            <AppStatusTag status={app.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.robots')}>
            <RobotReach app={app} />
          </Descriptions.Item>
          <Descriptions.Item label={t('credentials.accessKey')}>
            <Typography.Text copyable code>
              {app.accessKey}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('list.scopes')}>
            <Flex gap={4} wrap>
              {app.scopes.map((s) => (
                <Tag key={s}>{t(scopeKey(s))}</Tag>
              ))}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('form.rateLimit')}>
            {t('detail.rate', { count: app.rateLimitPerMinute })}
          </Descriptions.Item>
          <Descriptions.Item label={t('form.ipRanges')}>
            {app.ipRanges.length ? app.ipRanges.join(', ') : t('detail.anywhere')}
          </Descriptions.Item>
          <Descriptions.Item label={t('form.expiresAt')}>
            {app.expiresAt ? <DateTimeText iso={app.expiresAt} /> : t('form.never')}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.createdBy')}>
            <Flex gap={8} align="center" wrap>
              {app.createdBy?.name || t('detail.formerMember')}
              {app.needsReview && <Tag color="orange">{t('review.flag')}</Tag>}
            </Flex>
          </Descriptions.Item>
        </Descriptions>

        <Flex vertical gap={8}>
          <Heading level={2}>{t('detail.secrets')}</Heading>
          {app.secrets.map((s) => (
            <Flex key={s.id} gap={12} wrap align="center" data-testid="app-secret-row">
              <Typography.Text code>{s.hint}</Typography.Text>
              {s.expiresAt ? (
                <Typography.Text type="warning">
                  {t('detail.secretEnds')} <DateTimeText iso={s.expiresAt} />
                </Typography.Text>
              ) : (
                <Tag color="green">{t('detail.secretCurrent')}</Tag>
              )}
              <Typography.Text type="secondary">
                {t('detail.secretUsed')}{' '}
                {s.lastUsedAt ? <DateTimeText iso={s.lastUsedAt} /> : t('list.never')}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>

        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Heading level={2}>{t('usage.title')}</Heading>
            <Segmented
              value={hours}
              onChange={(v) => setHours(Number(v))}
              options={WINDOWS.map((h) => ({ value: h, label: t(`usage.window.${h}`) }))}
            />
          </Flex>
          {usage.data ? (
            <>
              <Typography.Text data-testid="app-usage-totals">
                {t('usage.totals', { calls: usage.data.calls, refused: usage.data.refused })}
              </Typography.Text>
              {usage.data.calls + usage.data.refused > 0 ? (
                <UsageChart usage={usage.data} />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('usage.none')} />
              )}
            </>
          ) : (
            <Spin />
          )}
        </Flex>

        <WebhooksPanel app={app} />
      </Flex>
    </Drawer>
  );
}
