import type { SsoConfig } from '@fleet/contract';
import { Alert, Button, Descriptions, Flex, Modal, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScimTokenCreateMutation, useScimTokenDeleteMutation } from '../../api/sso/scim-token-mutations';
import { Heading, Panel } from '../../components/Panel';

/**
 * SCIM 2.0 provisioning: the provider removes or suspends people through it, and they lose every session at
 * once. The bearer token is shown once; a new one replaces the old, which stops working.
 */
export function ScimPanel({ config }: { config: SsoConfig }) {
  const { t } = useTranslation('sso');
  const create = useScimTokenCreateMutation();
  const remove = useScimTokenDeleteMutation();
  const [shown, setShown] = useState<string | null>(null);

  const generate = () => create.mutateAsync().then(({ token }) => setShown(token));

  return (
    <Panel data-testid="sso-scim">
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }}>
        <Heading level={2}>{t('scim.title')}</Heading>
        <Tag color={config.hasScimToken ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
          {t(config.hasScimToken ? 'scim.on' : 'scim.off')}
        </Tag>
      </Flex>
      <Typography.Paragraph type="secondary">{t('scim.hint')}</Typography.Paragraph>
      <Descriptions column={1} size="small" layout="vertical" colon={false} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('scim.baseUrl')}>
          <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
            {config.scimBaseUrl}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={8} wrap>
        {config.hasScimToken ? (
          <Popconfirm title={t('scim.replaceConfirm')} okText={t('scim.replace')} onConfirm={generate}>
            <Button loading={create.isPending} data-testid="scim-generate">
              {t('scim.replace')}
            </Button>
          </Popconfirm>
        ) : (
          <Button loading={create.isPending} onClick={() => void generate()} data-testid="scim-generate">
            {t('scim.generate')}
          </Button>
        )}
        {config.hasScimToken && (
          <Popconfirm
            title={t('scim.revokeConfirm')}
            okText={t('scim.revoke')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync()}
          >
            <Button danger loading={remove.isPending} data-testid="scim-revoke">
              {t('scim.revoke')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {shown && (
        <Modal
          open
          width={600}
          title={t('scim.tokenTitle')}
          okText={t('scim.done')}
          onOk={() => setShown(null)}
          onCancel={() => setShown(null)}
          footer={(_, { OkBtn }) => <OkBtn />}
        >
          <Alert type="warning" showIcon title={t('scim.once')} style={{ marginBottom: 16 }} />
          <Typography.Text copyable code data-testid="scim-token" style={{ wordBreak: 'break-all' }}>
            {shown}
          </Typography.Text>
        </Modal>
      )}
    </Panel>
  );
}
