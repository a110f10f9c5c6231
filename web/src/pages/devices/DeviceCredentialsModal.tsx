import type { DeviceCredentials } from '@fleet/contract';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown once after registering a device or renewing its password: the server keeps only a hash. */
export default function DeviceCredentialsModal({
  credentials,
  onClose,
}: {
  credentials: DeviceCredentials;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const host = window.location.hostname;
  return (
    <Modal
      open
      title={t('credentials.title')}
      onOk={onClose}
      onCancel={onClose}
      // Shown once: the only way on is OK (antd 6 still draws a Cancel given `hidden`).
      footer={(_, { OkBtn }) => <OkBtn />}
    >
      <Alert type="warning" showIcon title={t('credentials.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered data-testid="device-credentials">
        <Descriptions.Item label={t('credentials.broker')}>
          <Typography.Text copyable>
            {credentials.mqttPort === null
              ? t('credentials.external')
              : `mqtt://${host}:${credentials.mqttPort}`}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('credentials.username')}>
          <Typography.Text copyable>{credentials.username}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('credentials.password')}>
          <Typography.Text copyable code data-testid="device-password">
            {credentials.password}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('credentials.topics')}>
          <Typography.Text copyable>{`${credentials.topicRoot}/…`}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
