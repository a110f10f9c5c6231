import type { WebhookSecret } from '@fleet/contract';
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** APPS-WEBHOOKS: the signing secret, shown once; the receiver verifies every delivery with it. */
export default function WebhookSecretModal({ made, onClose }: { made: WebhookSecret; onClose: () => void }) {
  const { t } = useTranslation('apps');
  return (
    <Modal
      open
      width={640}
      title={t('webhooks.secretTitle')}
      okText={t('credentials.done')}
      onOk={onClose}
      onCancel={onClose}
      footer={(_, { OkBtn }) => <OkBtn />}
      maskClosable={false}
    >
      <Alert type="warning" showIcon title={t('credentials.once')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{t('webhooks.secretExplain')}</Typography.Paragraph>
      <Typography.Text copyable code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
        {made.signingSecret}
      </Typography.Text>
    </Modal>
  );
}
