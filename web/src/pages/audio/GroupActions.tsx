import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  MoreOutlined,
} from '@ant-design/icons';
import type { AudioGroup } from '@fleet/contract';
import { Button, Dropdown, type MenuProps, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { Guarded } from '../../components/Guarded';

export type GroupAction = 'open' | 'rename' | 'duplicate' | 'remove';

interface Props {
  group: AudioGroup;
  manage: CanAnswer;
  onAction: (action: GroupAction, group: AudioGroup) => void;
  /** In the list, "open" is a button of its own; in the detail there is nothing to open. */
  withOpen?: boolean;
}

/** Open a group, and what a manager does with it behind one menu, so the row stays narrow in every language. */
export function GroupActions({ group, manage, onAction, withOpen = true }: Props) {
  const { t } = useTranslation('audio');
  const items: MenuProps['items'] = [
    { key: 'rename', icon: <EditOutlined />, label: t('groups.actions.rename') },
    { key: 'duplicate', icon: <CopyOutlined />, label: t('groups.actions.duplicate') },
    { type: 'divider' },
    { key: 'remove', icon: <DeleteOutlined />, label: t('groups.actions.remove'), danger: true },
  ];
  return (
    <Space size={0}>
      {withOpen && (
        <Button
          type="link"
          size="small"
          icon={<FolderOpenOutlined aria-hidden />}
          title={t('groups.actions.open')}
          aria-label={t('groups.actions.openOf', { name: group.name })}
          onClick={() => onAction('open', group)}
        />
      )}
      <Guarded answer={manage}>
        <Dropdown
          trigger={['click']}
          disabled={!manage.allowed}
          menu={{ items, onClick: ({ key }) => onAction(key as GroupAction, group) }}
        >
          <Button
            type={withOpen ? 'text' : 'default'}
            size={withOpen ? 'small' : 'middle'}
            icon={<MoreOutlined aria-hidden />}
            disabled={!manage.allowed}
            aria-label={t('groups.actions.menuOf', { name: group.name })}
            data-testid="audio-group-actions"
          />
        </Dropdown>
      </Guarded>
    </Space>
  );
}
