import type { PageResult, Person } from '@fleet/contract';
import { fullName } from '@fleet/contract/people-names';
import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CanFn } from '../../access/use-can';
import { DateTimeText } from '../../components/DateTimeText';
import { pagerOf } from '../../components/use-paged-search';
import { PersonRowActions } from './PersonRowActions';
import { managesPeople, type RowAction, rowActions } from './person-actions.utils';
import {
  customRoleNames,
  type PeopleTableState,
  type PersonSortField,
  phoneText,
  sorterOrderOf,
  sortOfSorter,
} from './person-table.utils';
import type { PersonCommands } from './use-person-commands';

// Preset colours whose text reads at WCAG AA (4.5:1) on their own tint; gold and green do not.
const ROLE_COLOURS = { owner: 'magenta', admin: 'blue', staff: 'default' } as const;

interface Props {
  page: PageResult<Person> | undefined;
  loading: boolean;
  state: PeopleTableState;
  onChange: (next: Partial<PeopleTableState>) => void;
  can: CanFn;
  meId: string | undefined;
  /** Custom role id → name. */
  roleNames: ReadonlyMap<string, string>;
  commands: PersonCommands;
  onEdit: (person: Person) => void;
  onRobots: (person: Person) => void;
}

export function PeopleTable(props: Props) {
  const { page, loading, state, onChange, can, meId, roleNames, commands, onEdit, onRobots } = props;
  const { t } = useTranslation(['people', 'common']);
  const withActions = managesPeople(can);

  const columns = useMemo(() => {
    const sortable = (field: PersonSortField) => ({
      key: field,
      sorter: true,
      sortOrder: sorterOrderOf(state, field),
    });
    const list: TableColumnsType<Person> = [
      {
        title: t('columns.name'),
        ...sortable('name'),
        render: (_, p) => <span data-testid="person-name">{fullName(p)}</span>,
      },
      { title: t('columns.email'), dataIndex: 'email', ...sortable('email') },
      {
        title: t('columns.phone'),
        key: 'phone',
        render: (_, p) => phoneText(p) ?? <Typography.Text type="secondary">{t('none')}</Typography.Text>,
      },
      {
        title: t('columns.role'),
        ...sortable('role'),
        render: (_, p) => (
          <Tag color={ROLE_COLOURS[p.role]} data-testid="person-role">
            {t(`roles.${p.role}`, { ns: 'common' })}
          </Tag>
        ),
      },
      {
        title: t('columns.customRoles'),
        key: 'customRoles',
        render: (_, p) => {
          const names = customRoleNames(p.customRoleIds, roleNames);
          if (!names.length) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
          return (
            <span data-testid="person-custom-roles">
              {names.map((name) => (
                <Link key={name} to="/role">
                  <Tag color="purple">{name}</Tag>
                </Link>
              ))}
            </span>
          );
        },
      },
      {
        title: t('columns.robots'),
        key: 'robots',
        align: 'right',
        render: (_, p) => <span data-testid="person-robot-count">{p.robotIds.length}</span>,
      },
      {
        title: t('columns.lastSignIn'),
        ...sortable('lastSignInAt'),
        render: (_, p) =>
          p.lastSignInAt ? (
            <DateTimeText iso={p.lastSignInAt} />
          ) : (
            <Typography.Text type="secondary">{t('neverSignedIn')}</Typography.Text>
          ),
      },
    ];
    if (withActions && meId) {
      const selfReason = t('actions.selfRemove');
      list.push({
        title: t('columns.actions'),
        key: 'actions',
        // A row's actions stay in view while a narrow screen scrolls the other columns.
        fixed: 'right',
        render: (_, p) => {
          const actions: RowAction[] = rowActions(can, meId, p, selfReason);
          return (
            <PersonRowActions
              person={p}
              actions={actions}
              commands={commands}
              onEdit={onEdit}
              onRobots={onRobots}
            />
          );
        },
      });
    }
    return list;
  }, [t, state, roleNames, withActions, meId, can, commands, onEdit, onRobots]);

  return (
    <Table<Person>
      rowKey="id"
      data-testid="people-table"
      columns={columns}
      dataSource={page?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      pagination={pagerOf(state, page?.totalCnt, (total) => t('total', { total }))}
      onChange={(pagination, _filters, sorter) => {
        const sort = sortOfSorter(sorter);
        const sortChanged = sort.sortBy !== state.sortBy || sort.sortOrder !== state.sortOrder;
        onChange({
          ...sort,
          page: sortChanged ? 1 : (pagination.current ?? 1),
          pageSize: pagination.pageSize ?? state.pageSize,
        });
      }}
    />
  );
}
