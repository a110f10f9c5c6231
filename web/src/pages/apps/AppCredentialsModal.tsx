import type { AppCredentials } from '@fleet/contract';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { curlExample } from './curl-example.utils';

/** APPS-CREDENTIALS: shown once after creating an application or rotating its secret; the server keeps a hash. */
export default function AppCredentialsModal({
  credentials,
  onClose,
}: {
  credentials: AppCredentials;
  onClose: () => void;
}) {
  const { t } = useTranslation('apps');
  const example = curlExample(
    window.location.origin,
    credentials.tokenUrl,
    credentials.accessKey,
    credentials.secret,
  );
  return (
    <Modal
      open
      width={720}
      title={t('credentials.title', { name: credentials.app.name })}
      okText={t('credentials.done')}
      onOk={onClose}
      onCancel={onClose}
      footer={(_, { OkBtn }) => <OkBtn />}
      maskClosable={false}
    >
      <Alert type="warning" showIcon title={t('credentials.once')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} size="small" bordered data-testid="app-credentials">
        <Descriptions.Item label={t('credentials.accessKey')}>
          <Typography.Text copyable code data-testid="app-access-key">
            {credentials.accessKey}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('credentials.secret')}>
          <Typography.Text copyable code data-testid="app-secret" style={{ wordBreak: 'break-all' }}>
            {credentials.secret}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('credentials.tokenUrl')}>
          <Typography.Text copyable data-testid="app-token-url" style={{ wordBreak: 'break-all' }}>
            {credentials.tokenUrl}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 4 }}>
        {t('credentials.try')}
      </Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: example }} style={{ marginBottom: 0 }}>
        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }} data-testid="app-curl">
          {example}
        </pre>
      </Typography.Paragraph>
    </Modal>
  );
}
