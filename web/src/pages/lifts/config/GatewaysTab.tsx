import { EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import type { GatewayCredentials, LiftGateway } from '@fleet/contract';
import { Badge, Button, Empty, Flex, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../../access/use-can';
import { useRemoveGatewayMutation, useRenewGatewayMutation } from '../../../api/lifts/lift-config-mutations';
import { useLiftGatewaysQuery } from '../../../api/lifts/lift-gateways-query';
import { DateTimeText } from '../../../components/DateTimeText';
import { Guarded } from '../../../components/Guarded';
import { notify } from '../../../feedback/notifier';
import { GatewayCredentialsModal } from './GatewayCredentialsModal';
import { GatewayNameModal } from './GatewayNameModal';
import { gatewayLink } from './lift-status.utils';
import { RemoveIconButton } from './RemoveIconButton';

type Dialog =
  | { kind: 'register' }
  | { kind: 'rename'; gateway: LiftGateway }
  | { kind: 'credentials'; credentials: GatewayCredentials };

const BADGE = { online: 'success', offline: 'error', never: 'default' } as const;

/** The company's gateways: register (credentials shown once), rename, renew the password, remove. */
export function GatewaysTab({ manage }: { manage: CanAnswer }) {
  const { t } = useTranslation('lifts');
  const gateways = useLiftGatewaysQuery();
  const renew = useRenewGatewayMutation();
  const remove = useRemoveGatewayMutation();
  const [dialog, setDialog] = useState<Dialog>();
  const [modal, modalHolder] = Modal.useModal();

  const confirmRenew = (gateway: LiftGateway) =>
    modal.confirm({
      title: t('config.gateways.renewTitle', { name: gateway.name }),
      content: t('config.gateways.renewText'),
      okText: t('config.gateways.renew'),
      cancelText: t('config.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          setDialog({ kind: 'credentials', credentials: await renew.mutateAsync(gateway.id) });
        } catch {
          // the API client has told the user
        }
      },
    });

  async function confirmRemove(gateway: LiftGateway) {
    try {
      await remove.mutateAsync(gateway.id);
      notify({ level: 'success', text: t('config.gateways.removed', { name: gateway.name }) });
    } catch {
      // the API client has told the user, with the banks that still use the gateway
    }
  }

  const register = (
    <Guarded answer={manage}>
      <Button
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        disabled={!manage.allowed}
        data-testid="gateway-register"
        onClick={() => setDialog({ kind: 'register' })}
      >
        {t('config.gateways.register')}
      </Button>
    </Guarded>
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">{t('config.gateways.intro')}</Typography.Text>
        {register}
      </Flex>
      <Table<LiftGateway>
        rowKey="id"
        size="middle"
        data-testid="gateways-table"
        loading={gateways.isPending}
        dataSource={gateways.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('config.gateways.empty')}
              style={{ paddingBlock: 24 }}
            />
          ),
        }}
        columns={[
          { key: 'name', title: t('config.gateways.name'), dataIndex: 'name' },
          {
            key: 'topicRoot',
            title: t('config.gateways.topicRoot'),
            render: (_, g) => (
              <Typography.Text code copyable ellipsis={{ tooltip: g.topicRoot }} style={{ maxWidth: 240 }}>
                {g.topicRoot}
              </Typography.Text>
            ),
          },
          {
            key: 'link',
            title: t('config.gateways.link'),
            render: (_, g) => {
              const link = gatewayLink(g);
              return <Badge status={BADGE[link]} text={t(`config.gateways.links.${link}`)} />;
            },
          },
          { key: 'banks', title: t('config.gateways.banks'), dataIndex: 'bankCount', align: 'right' },
          {
            key: 'created',
            title: t('config.gateways.created'),
            render: (_, g) => <DateTimeText iso={g.createdAt} />,
          },
          {
            key: 'actions',
            title: t('config.actions'),
            render: (_, g) => (
              <Space size={0} wrap>
                <Guarded answer={manage}>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined aria-hidden />}
                    disabled={!manage.allowed}
                    onClick={() => setDialog({ kind: 'rename', gateway: g })}
                  >
                    {t('config.gateways.rename')}
                  </Button>
                </Guarded>
                <Guarded answer={manage}>
                  <Button
                    type="link"
                    size="small"
                    icon={<KeyOutlined aria-hidden />}
                    disabled={!manage.allowed}
                    onClick={() => confirmRenew(g)}
                  >
                    {t('config.gateways.renew')}
                  </Button>
                </Guarded>
                <RemoveIconButton
                  manage={manage}
                  title={t('config.gateways.removeTitle', { name: g.name })}
                  label={t('config.gateways.removeOf', { name: g.name })}
                  description={<div style={{ maxWidth: 320 }}>{t('config.gateways.removeText')}</div>}
                  removing={remove.isPending}
                  onConfirm={() => confirmRemove(g)}
                />
              </Space>
            ),
          },
        ]}
      />
      {(dialog?.kind === 'register' || dialog?.kind === 'rename') && (
        <GatewayNameModal
          gateway={dialog.kind === 'rename' ? dialog.gateway : undefined}
          onClose={() => setDialog(undefined)}
          onRegistered={(credentials) => setDialog({ kind: 'credentials', credentials })}
        />
      )}
      {dialog?.kind === 'credentials' && (
        <GatewayCredentialsModal credentials={dialog.credentials} onClose={() => setDialog(undefined)} />
      )}
      {modalHolder}
    </Flex>
  );
}
