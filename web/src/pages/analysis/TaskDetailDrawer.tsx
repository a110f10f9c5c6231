import { Descriptions, Drawer, Empty, Flex, Result, Skeleton, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalysisTaskQuery } from '../../api/analysis/task-query';
import { hasErrorCode } from '../../api/api-error';
import { useUnits } from '../../units/use-units';
import { clockDuration, type KpiFormat } from './kpi-format.utils';
import { OUTCOME_COLOURS } from './outcome-colours';
import { TaskTimeline } from './TaskTimeline';
import { zonedTime, zoneLabel } from './task-format.utils';

interface Props {
  taskId: string | undefined;
  format: KpiFormat;
  onClose: () => void;
}

/** One task: who ran it where, when on the building's clock, how far, what went wrong, and its states. */
export function TaskDetailDrawer({ taskId, format, onClose }: Props) {
  const { t } = useTranslation('analysis');
  const units = useUnits();
  const query = useAnalysisTaskQuery(taskId);
  const task = query.data;
  const at = (iso: string) => (task ? zonedTime(iso, task.timeZone, format.locale) : '');

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active />;
  else if (!task)
    body = (
      <Result
        status={hasErrorCode(query.error, 'NOT_FOUND') ? '404' : 'warning'}
        title={hasErrorCode(query.error, 'NOT_FOUND') ? t('task.notFound') : t('figure.failed')}
      />
    );
  else
    body = (
      <Flex vertical gap={16}>
        <Descriptions
          size="small"
          column={2}
          bordered
          data-testid="task-facts"
          items={[
            { key: 'robot', label: t('task.robot'), children: task.robotName },
            { key: 'model', label: t('task.model'), children: task.model },
            { key: 'building', label: t('task.building'), children: task.buildingName ?? '–' },
            {
              key: 'order',
              label: t('task.order'),
              children: <Typography.Text copyable>{task.orderId}</Typography.Text>,
            },
            { key: 'type', label: t('task.type'), children: t(`tasks.types.${task.type}`) },
            {
              key: 'outcome',
              label: t('task.outcome'),
              children: (
                <Tag color={OUTCOME_COLOURS[task.outcome]}>{t(`tasks.outcomes.${task.outcome}`)}</Tag>
              ),
            },
            { key: 'start', label: t('task.start'), children: at(task.startedAt) },
            { key: 'end', label: t('task.end'), children: at(task.endedAt) },
            { key: 'duration', label: t('task.duration'), children: clockDuration(task.durationS, format) },
            { key: 'distance', label: t('task.distance'), children: units.length(task.distanceM, 0) },
            ...(task.cleanedAreaM2 !== null || task.plannedAreaM2 !== null
              ? [
                  { key: 'cleaned', label: t('task.cleaned'), children: units.area(task.cleanedAreaM2, 0) },
                  { key: 'planned', label: t('task.planned'), children: units.area(task.plannedAreaM2, 0) },
                ]
              : []),
            { key: 'liftRides', label: t('task.liftRides'), children: task.liftRides },
            {
              key: 'liftWait',
              label: t('task.liftWait'),
              children: task.liftRides ? clockDuration(task.liftWaitS, format) : '–',
            },
            { key: 'interventions', label: t('task.interventions'), children: task.interventions },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('task.timeZone', { zone: zoneLabel(task.startedAt, task.timeZone, format.locale) })}
        </Typography.Text>
        <section aria-label={t('task.states')}>
          <Typography.Title level={5}>{t('task.states')}</Typography.Title>
          <TaskTimeline task={task} locale={format.locale} />
        </section>
        <section aria-label={t('task.errors')}>
          <Typography.Title level={5}>{t('task.errors')}</Typography.Title>
          {task.errors.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('task.noErrors')} />
          ) : (
            <Table
              size="small"
              rowKey={(e) => `${e.code} ${e.startedAt}`}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={task.errors}
              data-testid="task-errors"
              columns={[
                {
                  key: 'code',
                  title: t('task.code'),
                  dataIndex: 'code',
                  render: (c: string) => <Tag color="error">{c}</Tag>,
                },
                { key: 'level', title: t('task.level'), dataIndex: 'level' },
                { key: 'description', title: t('task.description'), render: (_, e) => e.description ?? '–' },
                { key: 'from', title: t('task.from'), render: (_, e) => at(e.startedAt) },
                {
                  key: 'to',
                  title: t('task.to'),
                  render: (_, e) => (e.endedAt ? at(e.endedAt) : t('task.ongoing')),
                },
              ]}
            />
          )}
        </section>
      </Flex>
    );
  return (
    <Drawer
      open={taskId !== undefined}
      onClose={onClose}
      size={720}
      title={task ? t('task.title', { robot: task.robotName }) : ' '}
      destroyOnHidden
      data-testid="task-drawer"
    >
      {body}
    </Drawer>
  );
}
