import { type AnalysisTrend, type Granularity, HOURLY_KPIS, type KpiId } from '@fleet/contract';
import { Select, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useTranslation } from 'react-i18next';
import { AnalysisChart } from './AnalysisChart';
import { bucketLabel } from './chart-data.utils';
import type { DrillTarget } from './drill-down.utils';
import { FigurePanel, type FigureState } from './FigurePanel';
import { chartUnit, chartValue, formatKpi, type KpiFormat } from './kpi-format.utils';

interface Props {
  trend: AnalysisTrend | undefined;
  state: FigureState;
  /** The figures the selector offers (those the cards show). */
  kpis: readonly KpiId[];
  kpi: KpiId;
  onKpi: (kpi: KpiId) => void;
  format: KpiFormat;
  onDrill: (target: DrillTarget) => void;
}

/** The chosen figure per bucket, the period before dashed beside it; a point opens its tasks. */
export function TrendPanel({ trend, state, kpis, kpi, onKpi, format, onDrill }: Props) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const granularity: Granularity = trend?.granularity ?? 'day';
  // An hourly trend has values only for the figures that mean something per hour.
  const offered =
    granularity === 'hour' ? kpis.filter((k) => (HOURLY_KPIS as readonly KpiId[]).includes(k)) : kpis;
  const shown = offered.includes(kpi) ? kpi : (offered[0] ?? 'tasksDone');
  const unit = chartUnit(shown, format.system, format.words);
  const buckets = trend?.buckets ?? [];
  const previous = trend?.previous ?? null;
  const label = (start: string) => bucketLabel(start, granularity, format.locale);

  const drill = (index: number, isPrevious: boolean) => {
    const bucket = (isPrevious ? previous : buckets)?.[index];
    if (bucket) onDrill({ kind: 'bucket', granularity, start: bucket.start, previous: isPrevious });
  };

  const option: EChartsOption = {
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, data: [t('trend.current'), ...(previous ? [t('trend.previous')] : [])] },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const list = Array.isArray(params) ? params : [params];
        return list
          .map((p) => {
            const index = p.dataIndex;
            const bucket = p.seriesIndex === 1 ? previous?.[index] : buckets[index];
            if (!bucket) return '';
            return `${p.marker} ${label(bucket.start)}: <b>${formatKpi(shown, bucket.values[shown] ?? null, format)}</b>`;
          })
          .join('<br/>');
      },
    },
    xAxis: { type: 'category', data: buckets.map((b) => label(b.start)), axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: unit, nameTextStyle: { align: 'right' }, min: 0 },
    series: [
      {
        name: t('trend.current'),
        type: 'line',
        data: buckets.map((b) => chartValue(shown, b.values[shown] ?? null, format.system)),
        symbolSize: 7,
        itemStyle: { color: token.colorPrimary },
      },
      ...(previous
        ? [
            {
              name: t('trend.previous'),
              type: 'line' as const,
              data: previous.map((b) => chartValue(shown, b.values[shown] ?? null, format.system)),
              symbolSize: 5,
              lineStyle: { type: 'dashed' as const },
              itemStyle: { color: token.colorTextTertiary },
            },
          ]
        : []),
    ],
  };
  return (
    <FigurePanel
      title={t('trend.title')}
      hint={t('trend.hint')}
      state={state}
      height={300}
      testId="analysis-trend"
      extra={
        <Select
          aria-label={t('trend.kpi')}
          value={shown}
          onChange={onKpi}
          style={{ width: 240 }}
          options={offered.map((id) => ({ value: id, label: t(`kpis.${id}.name`) }))}
          data-testid="trend-kpi"
        />
      }
    >
      <AnalysisChart
        option={option}
        height={300}
        label={t('trend.title')}
        testId="trend-chart"
        onClick={(e) => drill(e.dataIndex, e.seriesIndex === 1)}
        onCategoryClick={(index) => drill(index, false)}
      />
    </FigurePanel>
  );
}
