import type { AnalysisScope, StateKind } from '@fleet/contract';
import { DatePicker, Pagination } from 'antd';
import dayjs from 'dayjs';
import type { CustomSeriesRenderItem, EChartsOption } from 'echarts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalysisStatesQuery } from '../../api/analysis/states-query';
import { STATUS_COLOURS } from '../../components/floor-map/robot-colours';
import { AnalysisChart } from './AnalysisChart';
import { stateBars } from './chart-data.utils';
import { FigurePanel } from './FigurePanel';
import { StateLegend } from './StateLegend';
import { zonedTime } from './task-format.utils';

interface Props {
  scope: AnalysisScope;
  day: string;
  onDay: (day: string) => void;
  locale: string;
}

const ROBOTS_PER_PAGE = 10;
const ROW = 30;

/** Each robot's day as a bar of states on its building's clock, a page of robots at a time. */
export function StatesPanel({ scope, day, onDay, locale }: Props) {
  const { t } = useTranslation(['analysis', 'live']);
  const [page, setPage] = useState(1);
  const scopeKey = JSON.stringify(scope);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scope or day starts again at the first page
  useEffect(() => setPage(1), [scopeKey, day]);
  const query = useAnalysisStatesQuery({
    pageIndex: page,
    pageLength: ROBOTS_PER_PAGE,
    requestData: { scope, date: day },
  });
  const robots = query.data?.list ?? [];
  const { bars, hours } = stateBars(robots);
  const stateName = (s: StateKind) => t(`live:status.${s}`);

  const renderItem: CustomSeriesRenderItem = (_params, api) => {
    const row = Number(api.value(0));
    const start = api.coord([Number(api.value(1)), row]);
    const end = api.coord([Number(api.value(2)), row]);
    const height = (api.size?.([0, 1]) as number[] | undefined)?.[1] ?? ROW;
    const state = api.value(3) as StateKind;
    return {
      type: 'rect',
      shape: {
        x: start[0] ?? 0,
        y: (start[1] ?? 0) - height * 0.3,
        width: Math.max(1, (end[0] ?? 0) - (start[0] ?? 0)),
        height: height * 0.6,
      },
      style: { fill: STATUS_COLOURS[state] },
    };
  };

  const option: EChartsOption = {
    grid: { left: 8, right: 16, top: 8, bottom: 24, containLabel: true },
    tooltip: {
      formatter: (p) => {
        const bar = bars[Array.isArray(p) ? 0 : p.dataIndex];
        const robot = bar ? robots[bar.value[0]] : undefined;
        if (!bar || !robot) return '';
        const time = (iso: string) => zonedTime(iso, robot.timeZone, locale, false);
        return [
          `<b>${robot.robotName}</b>${robot.buildingName ? ` · ${robot.buildingName}` : ''}`,
          `${stateName(bar.value[3])}: ${time(bar.from)} – ${time(bar.to)}`,
          ...(bar.codes.length ? [t('states.codes', { codes: bar.codes.join(', ') })] : []),
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: hours,
      interval: 3,
      axisLabel: { formatter: (h: number) => `${String(h).padStart(2, '0')}:00` },
    },
    yAxis: {
      type: 'category',
      data: robots.map((r) => r.robotName),
      inverse: true,
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: [
      {
        type: 'custom',
        renderItem,
        encode: { x: [1, 2], y: 0 },
        data: bars.map((b) => ({ value: b.value })),
      },
    ],
  };

  const total = query.data?.totalCnt ?? 0;
  return (
    <FigurePanel
      title={t('states.title')}
      hint={t('states.hint')}
      state={query}
      empty={robots.length === 0}
      emptyText={t('states.empty')}
      height={ROBOTS_PER_PAGE * ROW}
      testId="analysis-states"
      extra={
        <DatePicker
          aria-label={t('states.day')}
          allowClear={false}
          value={dayjs(day)}
          onChange={(d) => d && onDay(d.format('YYYY-MM-DD'))}
          disabledDate={(d) => d.format('YYYY-MM-DD') < scope.from || d.format('YYYY-MM-DD') > scope.to}
          data-testid="states-day"
        />
      }
    >
      <StateLegend label={stateName} />
      <AnalysisChart
        option={option}
        height={robots.length * ROW + 40}
        label={t('states.title')}
        testId="states-chart"
      />
      {total > ROBOTS_PER_PAGE && (
        <Pagination
          size="small"
          align="end"
          current={page}
          pageSize={ROBOTS_PER_PAGE}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
          data-testid="states-pages"
        />
      )}
    </FigurePanel>
  );
}
