import type { KpiId, RankBy, RankingRow } from '@fleet/contract';
import { Flex, Segmented, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DrillTarget } from './drill-down.utils';
import { FigurePanel, type FigureState } from './FigurePanel';
import { formatKpi, type KpiFormat } from './kpi-format.utils';
import { byKpi } from './ranking.utils';

interface Props {
  rows: RankingRow[] | undefined;
  state: FigureState;
  by: RankBy;
  onBy: (by: RankBy) => void;
  /** The figures the company has (those the cards show). */
  kpis: readonly KpiId[];
  format: KpiFormat;
  onDrill: (target: DrillTarget) => void;
}

const RANK_BY: readonly RankBy[] = ['robot', 'building', 'model'];

/** The columns: the figures people compare robots by (all of them would not fit a 1280 px screen). */
const RANKING_KPIS: readonly KpiId[] = [
  'tasksDone',
  'successRate',
  'availability',
  'utilisation',
  'workingHours',
  'distance',
  'errors',
  'mttr',
];

/** The main figures per robot, building or model, sortable by each; a row opens its tasks. */
export function RankingPanel({ rows, state, by, onBy, kpis, format, onDrill }: Props) {
  const { t } = useTranslation('analysis');
  const name = (r: RankingRow) => (by === 'building' && !r.key ? t('ranking.noBuilding') : r.name);
  const shown = RANKING_KPIS.filter((id) => kpis.includes(id));
  const columns: TableColumnsType<RankingRow> = [
    {
      key: 'name',
      title: t('ranking.name'),
      fixed: 'left',
      width: 200,
      ellipsis: true,
      sorter: (a, b) => name(a).localeCompare(name(b)),
      render: (_, r) => (
        <Flex vertical>
          <span>{name(r)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {by === 'robot'
              ? [r.buildingName ?? t('ranking.noBuilding'), r.model].filter(Boolean).join(' · ')
              : t('ranking.robotCount', { count: r.robots })}
          </Typography.Text>
        </Flex>
      ),
    },
    ...shown.map((id) => ({
      key: id,
      title: t(`kpis.${id}.name`),
      width: 96,
      align: 'right' as const,
      sorter: byKpi(id),
      defaultSortOrder: id === 'tasksDone' ? ('descend' as const) : undefined,
      render: (_: unknown, r: RankingRow) => formatKpi(id, r.values[id] ?? null, format),
    })),
  ];
  return (
    <FigurePanel
      title={t('ranking.title')}
      hint={t('ranking.hint')}
      state={state}
      height={320}
      testId="analysis-ranking"
      extra={
        <Segmented<RankBy>
          value={by}
          onChange={onBy}
          options={RANK_BY.map((b) => ({ value: b, label: t(`ranking.by.${b}`) }))}
          data-testid="ranking-by"
        />
      }
    >
      <Table<RankingRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('ranking.empty') }}
        onRow={(r) => {
          const open = () => onDrill({ kind: 'ranking', by, key: r.key, name: name(r) });
          return {
            onClick: open,
            onKeyDown: (e) => e.key === 'Enter' && open(),
            tabIndex: 0,
            style: { cursor: 'pointer' },
          };
        }}
        data-testid="ranking-table"
      />
    </FigurePanel>
  );
}
