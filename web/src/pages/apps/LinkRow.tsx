import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  id: string;
  title: string;
  description: string;
  url: string;
}

/** A link with what it is for, a copy button and a preview of the page it opens. */
export function LinkRow({ id, title, description, url }: Props) {
  const { t } = useTranslation('apps');
  const [preview, setPreview] = useState(false);
  return (
    <Flex vertical gap={4} data-testid={`mobile-link-${id}`}>
      <Typography.Text strong>{title}</Typography.Text>
      <Typography.Text type="secondary">{description}</Typography.Text>
      <Flex gap={8} align="center" wrap>
        <Typography.Text
          code
          copyable={{ text: url, tooltips: [t('mobile.copy'), t('mobile.copied')] }}
          style={{ wordBreak: 'break-all' }}
          data-testid={`mobile-link-${id}-url`}
        >
          {url}
        </Typography.Text>
        <Button size="small" onClick={() => setPreview(true)} data-testid={`mobile-link-${id}-preview`}>
          {t('mobile.preview')}
        </Button>
      </Flex>
      {preview && (
        <Modal
          open
          width={860}
          title={title}
          footer={null}
          onCancel={() => setPreview(false)}
          destroyOnHidden
        >
          <iframe
            title={title}
            src={url}
            style={{ width: '100%', height: 480, border: '1px solid var(--fc-color-border-secondary)' }}
          />
        </Modal>
      )}
    </Flex>
  );
}
