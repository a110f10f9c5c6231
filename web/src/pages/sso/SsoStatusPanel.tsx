import type { SsoConfig, SsoStatus } from '@fleet/contract';
import { Button, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSsoDeleteMutation, useSsoTestMutation } from '../../api/sso/sso-config-mutations';
import { DateTimeText } from '../../components/DateTimeText';
import { Heading, Panel } from '../../components/Panel';
import { notify } from '../../feedback/notifier';

const STATUS_COLOR: Record<SsoStatus, string> = { draft: 'default', tested: 'processing', active: 'success' };

/**
 * Where the configuration stands and what to do next: register the redirect URI at the provider, run the
 * connection test (one real sign-in), then offer it. Deleting it sends the company's people back to passwords.
 */
export function SsoStatusPanel({ config }: { config: SsoConfig | null }) {
  const { t } = useTranslation('sso');
  const navigate = useNavigate();
  const test = useSsoTestMutation();
  const remove = useSsoDeleteMutation();

  if (!config) {
    return (
      <Panel data-testid="sso-status" data-status="none">
        <Heading level={2} style={{ marginBottom: 12 }}>
          {t('status.title')}
        </Heading>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('status.noneHint')}
        </Typography.Paragraph>
      </Panel>
    );
  }

  return (
    <Panel data-testid="sso-status" data-status={config.status}>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Heading level={2}>{t('status.title')}</Heading>
        <Tag color={STATUS_COLOR[config.status]} data-testid="sso-status-tag" style={{ marginInlineEnd: 0 }}>
          {t(`status.${config.status}`)}
        </Tag>
      </Flex>
      <Typography.Paragraph type="secondary">{t(`status.${config.status}Hint`)}</Typography.Paragraph>
      <Descriptions column={1} size="small" layout="vertical" colon={false} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('status.redirectUri')}>
          <Typography.Text copyable code data-testid="sso-redirect-uri" style={{ wordBreak: 'break-all' }}>
            {config.redirectUri}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('status.testedAt')}>
          {config.testedAt ? <DateTimeText iso={config.testedAt} /> : t('status.never')}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.lastSignInAt')}>
          {config.lastSignInAt ? <DateTimeText iso={config.lastSignInAt} /> : t('status.never')}
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={8} wrap>
        <Button
          type={config.status === 'draft' ? 'primary' : 'default'}
          loading={test.isPending}
          onClick={() => test.mutate()}
          data-testid="sso-test"
        >
          {t('status.test')}
        </Button>
        <Popconfirm
          title={t('remove.confirm')}
          description={t('remove.confirmHint')}
          okText={t('remove.ok')}
          okButtonProps={{ danger: true, 'data-testid': 'sso-remove-ok' }}
          onConfirm={() =>
            remove.mutateAsync(config.id).then(() => {
              notify({ level: 'success', text: t('remove.done') });
              navigate('/sso?type=create', { replace: true });
            })
          }
        >
          <Button danger loading={remove.isPending} data-testid="sso-remove">
            {t('remove.button')}
          </Button>
        </Popconfirm>
      </Flex>
    </Panel>
  );
}
