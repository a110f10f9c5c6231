import type { GatewayCredentials } from '@fleet/contract';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shown once after registering a gateway or renewing its password, as a robot's are: the server keeps only a
 * hash.
 */
export function GatewayCredentialsModal({
  credentials,
  onClose,
}: {
  credentials: GatewayCredentials;
  onClose: () => void;
}) {
  const { t } = useTranslation('lifts');
  const host = window.location.hostname;
  return (
    <Modal
      open
      width={600}
      title={t('config.credentials.title')}
      okText={t('config.credentials.done')}
      onOk={onClose}
      onCancel={onClose}
      // Shown once: the only way on is OK (antd 6 still draws a Cancel given `hidden`).
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <Alert type="warning" showIcon title={t('config.credentials.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered data-testid="gateway-credentials">
        <Descriptions.Item label={t('config.credentials.broker')}>
          <Typography.Text copyable>
            {credentials.mqttPort === null
              ? t('config.credentials.external')
              : `mqtt://${host}:${credentials.mqttPort}`}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('config.credentials.username')}>
          <Typography.Text copyable data-testid="gateway-username">
            {credentials.username}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('config.credentials.password')}>
          <Typography.Text copyable code data-testid="gateway-password">
            {credentials.password}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('config.credentials.topicRoot')}>
          <Typography.Text copyable code>{`${credentials.topicRoot}/…`}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
