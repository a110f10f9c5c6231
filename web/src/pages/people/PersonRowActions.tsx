import { DeleteOutlined, EditOutlined, MoreOutlined, RobotOutlined } from '@ant-design/icons';
import type { Person } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Button, Dropdown, Popconfirm, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from './person-actions.utils';
import type { PersonCommands } from './use-person-commands';

interface Props {
  person: Person;
  actions: RowAction[];
  commands: PersonCommands;
  onEdit: (person: Person) => void;
  onRobots: (person: Person) => void;
}

/** A disabled button keeps its reason as a tooltip (wrapped so the tooltip still opens). */
function Guarded({ action, children }: { action: RowAction; children: ReactNode }) {
  if (action.allowed) return children;
  return (
    <Tooltip title={action.reason}>
      <span data-testid={`person-${action.key}-denied`}>{children}</span>
    </Tooltip>
  );
}

export function PersonRowActions({ person, actions, commands, onEdit, onRobots }: Props) {
  const { t } = useTranslation('people');
  const name = fullName(person);
  const find = (key: RowAction['key']) => actions.find((a) => a.key === key);
  const edit = find('edit');
  const robots = find('robots');
  const remove = find('remove');
  const more = actions.filter((a) => ['makeAdmin', 'removeAdmin', 'transfer'].includes(a.key));

  return (
    <Space size={4} wrap>
      {edit && (
        <Guarded action={edit}>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined aria-hidden />}
            disabled={!edit.allowed}
            data-testid="person-edit"
            aria-label={t('actions.editOf', { name })}
            onClick={() => onEdit(person)}
          >
            {t('actions.edit')}
          </Button>
        </Guarded>
      )}
      {robots && (
        <Guarded action={robots}>
          <Button
            size="small"
            type="link"
            icon={<RobotOutlined aria-hidden />}
            disabled={!robots.allowed}
            data-testid="person-robots"
            aria-label={t('actions.robotsOf', { name })}
            onClick={() => onRobots(person)}
          >
            {t('actions.robots')}
          </Button>
        </Guarded>
      )}
      {remove && (
        <Guarded action={remove}>
          <Popconfirm
            title={t('remove.title', { name })}
            description={t('remove.description')}
            okText={t('remove.ok')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true, loading: commands.removing }}
            disabled={!remove.allowed}
            onConfirm={() => commands.remove(person)}
          >
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={!remove.allowed}
              data-testid="person-remove"
              aria-label={t('actions.removeOf', { name })}
            >
              {t('actions.remove')}
            </Button>
          </Popconfirm>
        </Guarded>
      )}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map((a) => ({
              key: a.key,
              label: <span data-testid={`person-${a.key}`}>{t(`actions.${a.key}`)}</span>,
              danger: a.key === 'transfer',
            })),
            onClick: ({ key }) => {
              if (key === 'transfer') commands.confirmTransfer(person);
              else commands.confirmAdmin(person, key === 'makeAdmin');
            },
          }}
        >
          <Button
            size="small"
            type="text"
            icon={<MoreOutlined aria-hidden />}
            data-testid="person-more"
            aria-label={t('actions.moreOf', { name })}
          />
        </Dropdown>
      )}
    </Space>
  );
}
