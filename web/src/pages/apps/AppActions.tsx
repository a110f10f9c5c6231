import {
  AuditOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  MoreOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { ApiApp } from '@fleet/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';

export type AppAction = 'edit' | 'rotate' | 'revoke' | 'review' | 'remove';

/** What an owner or administrator does with one application, behind one menu so the row stays narrow. */
export function AppActions({
  app,
  mayReview,
  onAction,
}: {
  app: ApiApp;
  /** Only the owner takes over an application whose creator left (APPS-REVIEW). */
  mayReview: boolean;
  onAction: (action: AppAction, app: ApiApp) => void;
}) {
  const { t } = useTranslation('apps');
  const active = app.status === 'active';
  const items: MenuProps['items'] = [
    { key: 'edit', icon: <EditOutlined />, label: t('actions.edit') },
    { key: 'rotate', icon: <KeyOutlined />, label: t('actions.rotate'), disabled: !active },
    ...(app.needsReview && mayReview
      ? [{ key: 'review', icon: <AuditOutlined />, label: t('actions.review') }]
      : []),
    { key: 'revoke', icon: <StopOutlined />, label: t('actions.revoke'), disabled: app.status === 'revoked' },
    { type: 'divider' },
    { key: 'remove', icon: <DeleteOutlined />, label: t('actions.remove'), danger: true },
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key as AppAction, app) }}>
      <Button
        type="text"
        size="small"
        icon={<MoreOutlined aria-hidden />}
        aria-label={t('actions.menuOf', { name: app.name })}
        data-testid="app-actions"
      />
    </Dropdown>
  );
}
