import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import type { CustomRole } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/use-can';
import { useRoleDeleteMutation } from '../../api/roles/role-delete-mutation';
import { useRolesQuery } from '../../api/roles/roles-query';
import { notify } from '../../feedback/notifier';
import { permissionLabel } from './permission-label';
import { RoleFormModal } from './RoleFormModal';
import { RoleHoldersModal } from './RoleHoldersModal';

type Dialog = { kind: 'create' } | { kind: 'edit'; role: CustomRole } | { kind: 'holders'; role: CustomRole };

/** The company's custom roles; the owner creates, edits, deletes and assigns them, everyone else reads. */
export function RolesTab() {
  const { t } = useTranslation(['roles', 'common']);
  const can = useCan();
  const roles = useRolesQuery();
  const remove = useRoleDeleteMutation();
  const [dialog, setDialog] = useState<Dialog>();
  const manage = can('roles.manage');
  const close = () => setDialog(undefined);

  async function deleteRole(role: CustomRole) {
    try {
      await remove.mutateAsync(role.id);
      notify({ level: 'success', text: t('delete.done', { name: role.name }) });
    } catch {
      // the API client has told the user
    }
  }

  const columns: TableColumnsType<CustomRole> = [
    { title: t('columns.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
    {
      title: t('columns.description'),
      dataIndex: 'description',
      render: (text: string) => text || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('columns.permissions'),
      key: 'permissions',
      render: (_, role) =>
        role.permissions.length ? (
          <Flex wrap gap={4}>
            {role.permissions.map((p) => (
              <Tag key={p} color="geekblue" style={{ marginInlineEnd: 0 }}>
                {permissionLabel(p, t)}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('noPermissions')}</Typography.Text>
        ),
    },
    {
      title: t('columns.holders'),
      key: 'holders',
      render: (_, role) =>
        role.holders.length ? (
          <Flex wrap gap={4} data-testid="role-holders">
            {role.holders.map((h) => (
              <Tag key={h.id} style={{ marginInlineEnd: 0 }} title={h.email}>
                {fullName(h)}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('noHolders')}</Typography.Text>
        ),
    },
  ];
  if (manage.allowed) {
    columns.push({
      title: t('columns.actions'),
      key: 'actions',
      render: (_, role) => (
        <Space size={4} wrap>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('actions.editOf', { name: role.name })}
            data-testid="role-edit"
            onClick={() => setDialog({ kind: 'edit', role })}
          >
            {t('actions.edit')}
          </Button>
          <Button
            size="small"
            type="link"
            icon={<TeamOutlined aria-hidden />}
            aria-label={t('actions.holdersOf', { name: role.name })}
            data-testid="role-holders-edit"
            onClick={() => setDialog({ kind: 'holders', role })}
          >
            {t('actions.holders')}
          </Button>
          <Popconfirm
            title={t('delete.title', { name: role.name })}
            description={t('delete.description')}
            okText={t('delete.ok')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => deleteRole(role)}
          >
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('actions.deleteOf', { name: role.name })}
              data-testid="role-delete"
            >
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        {manage.allowed ? (
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="roles-read-only"
            title={manage.reason || t('readOnly')}
          />
        )}
        {manage.allowed && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            data-testid="role-create"
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('actions.create')}
          </Button>
        )}
      </Flex>
      <Table<CustomRole>
        rowKey="id"
        data-testid="roles-table"
        columns={columns}
        dataSource={roles.data}
        loading={roles.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />,
        }}
      />
      {dialog?.kind === 'create' && <RoleFormModal onClose={close} />}
      {dialog?.kind === 'edit' && <RoleFormModal role={dialog.role} onClose={close} />}
      {dialog?.kind === 'holders' && <RoleHoldersModal role={dialog.role} onClose={close} />}
    </>
  );
}
