import type { Building, PageResult } from '@fleet/contract';
import { Button, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { DateTimeText } from '../../components/DateTimeText';
import { type PagedSearchState, pagerOf } from '../../components/use-paged-search';
import { BuildingActions } from './BuildingActions';

interface Props {
  page: PageResult<Building> | undefined;
  loading: boolean;
  state: PagedSearchState;
  onPage: (page: number, pageSize: number) => void;
  manage: CanAnswer;
  onOpen: (building: Building) => void;
  onEdit: (building: Building) => void;
}

export function BuildingsTable({ page, loading, state, onPage, manage, onOpen, onEdit }: Props) {
  const { t } = useTranslation('buildings');

  const columns = useMemo<TableColumnsType<Building>>(
    () => [
      {
        title: t('columns.name'),
        key: 'name',
        render: (_, b) => (
          <Button
            type="link"
            style={{ padding: 0, height: 'auto', fontWeight: 600 }}
            data-testid="building-open"
            aria-label={t('actions.openOf', { name: b.name })}
            onClick={() => onOpen(b)}
          >
            {b.name}
          </Button>
        ),
      },
      {
        title: t('columns.address'),
        key: 'address',
        render: (_, b) => b.address ?? <Typography.Text type="secondary">{t('none')}</Typography.Text>,
      },
      { title: t('columns.timeZone'), dataIndex: 'timeZone' },
      { title: t('columns.floors'), dataIndex: 'floorCount', align: 'right' },
      { title: t('columns.robots'), dataIndex: 'robotCount', align: 'right' },
      { title: t('columns.created'), key: 'createdAt', render: (_, b) => <DateTimeText iso={b.createdAt} /> },
      {
        title: t('columns.actions'),
        key: 'actions',
        // A row's actions stay in view while a narrow screen scrolls the other columns.
        fixed: 'right',
        render: (_, b) => <BuildingActions building={b} manage={manage} onEdit={onEdit} />,
      },
    ],
    [t, manage, onOpen, onEdit],
  );

  const emptyText = state.keyword ? (
    t('noMatch', { name: state.keyword })
  ) : (
    <Empty
      description={
        <>
          <strong>{t('buildings.empty.title')}</strong>
          <div>{t('buildings.empty.description')}</div>
        </>
      }
    />
  );

  return (
    <Table<Building>
      rowKey="id"
      data-testid="buildings-table"
      columns={columns}
      dataSource={page?.list}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      pagination={pagerOf(state, page?.totalCnt, (total) => t('total', { total }))}
      onChange={(p) => onPage(p.current ?? 1, p.pageSize ?? state.pageSize)}
    />
  );
}
