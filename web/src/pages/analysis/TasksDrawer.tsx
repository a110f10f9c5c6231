import type { AnalysisTask, TaskSearch } from '@fleet/contract';
import { Button, Drawer, Flex, Result, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalysisTasksQuery } from '../../api/analysis/tasks-query';
import { useUnits } from '../../units/use-units';
import { clockDuration, type KpiFormat } from './kpi-format.utils';
import { OUTCOME_COLOURS } from './outcome-colours';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { zonedTime } from './task-format.utils';

interface Props {
  /** The tasks to list; undefined: the drawer is closed. */
  search: TaskSearch | undefined;
  /** What was clicked, as the title says it ("Aug 3", "Tue 14:00", "error E_LIDAR"). */
  what: string;
  format: KpiFormat;
  onClose: () => void;
}

const PAGE_SIZE = 10;

/** The tasks behind a clicked figure, newest first, a page at a time; a row opens the task. */
export function TasksDrawer({ search, what, format, onClose }: Props) {
  const { t } = useTranslation('analysis');
  const units = useUnits();
  const [page, setPage] = useState({ index: 1, size: PAGE_SIZE });
  const [taskId, setTaskId] = useState<string>();
  const searchKey = JSON.stringify(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another click lists from its first page
  useEffect(() => setPage((p) => ({ ...p, index: 1 })), [searchKey]);
  const query = useAnalysisTasksQuery(
    search ? { pageIndex: page.index, pageLength: page.size, requestData: search } : undefined,
  );

  const columns: TableColumnsType<AnalysisTask> = [
    { key: 'robot', title: t('tasks.robot'), dataIndex: 'robotName', width: 150, ellipsis: true },
    { key: 'type', title: t('tasks.type'), width: 100, render: (_, r) => t(`tasks.types.${r.type}`) },
    {
      key: 'outcome',
      title: t('tasks.outcome'),
      width: 110,
      render: (_, r) => <Tag color={OUTCOME_COLOURS[r.outcome]}>{t(`tasks.outcomes.${r.outcome}`)}</Tag>,
    },
    {
      key: 'start',
      title: t('tasks.start'),
      width: 150,
      render: (_, r) => <span title={r.timeZone}>{zonedTime(r.startedAt, r.timeZone, format.locale)}</span>,
    },
    {
      key: 'duration',
      title: t('tasks.duration'),
      width: 110,
      align: 'right',
      render: (_, r) => clockDuration(r.durationS, format),
    },
    {
      key: 'distance',
      title: t('tasks.distance'),
      width: 100,
      align: 'right',
      render: (_, r) => units.length(r.distanceM, 0),
    },
    {
      key: 'errors',
      title: t('tasks.errors'),
      width: 160,
      render: (_, r) =>
        r.errorCodes.length ? (
          <Flex wrap gap={4}>
            {r.errorCodes.map((c) => (
              <Tag key={c} color="error" style={{ marginInlineEnd: 0 }}>
                {c}
              </Tag>
            ))}
          </Flex>
        ) : (
          '–'
        ),
    },
  ];
  return (
    <Drawer
      open={search !== undefined}
      onClose={onClose}
      title={t('tasks.title', { what })}
      size={960}
      destroyOnHidden
      data-testid="tasks-drawer"
    >
      {query.isError ? (
        <Result
          status="warning"
          title={t('figure.failed')}
          extra={<Button onClick={() => query.refetch()}>{t('figure.retry')}</Button>}
        />
      ) : (
        <Table<AnalysisTask>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: query.isPending ? ' ' : t('tasks.empty') }}
          pagination={{
            current: page.index,
            pageSize: page.size,
            total: query.data?.totalCnt ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('tasks.total', { count }),
            onChange: (index, size) => setPage({ index: size === page.size ? index : 1, size }),
          }}
          onRow={(r) => ({
            onClick: () => setTaskId(r.id),
            onKeyDown: (e) => e.key === 'Enter' && setTaskId(r.id),
            tabIndex: 0,
            style: { cursor: 'pointer' },
          })}
          data-testid="tasks-table"
        />
      )}
      <TaskDetailDrawer taskId={taskId} format={format} onClose={() => setTaskId(undefined)} />
    </Drawer>
  );
}
