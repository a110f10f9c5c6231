import type { AnalysisErrors } from '@fleet/contract';
import { theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useTranslation } from 'react-i18next';
import { AnalysisChart } from './AnalysisChart';
import { paretoBars } from './chart-data.utils';
import type { DrillTarget } from './drill-down.utils';
import { FigurePanel, type FigureState } from './FigurePanel';
import { clockDuration, type KpiFormat } from './kpi-format.utils';

interface Props {
  errors: AnalysisErrors | undefined;
  state: FigureState;
  format: KpiFormat;
  onDrill: (target: DrillTarget) => void;
}

/** More codes than this make unreadable bars; the line still counts every error. */
const CODES_SHOWN = 15;

/** Error codes as a Pareto: bars by count, most first, and the running share of all errors. */
export function ErrorsPanel({ errors, state, format, onDrill }: Props) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const bars = errors ? paretoBars(errors, CODES_SHOWN) : [];
  const percent = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 0 });

  const option: EChartsOption = {
    grid: { left: 44, right: 44, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, data: [t('errors.count'), t('errors.cumulative')] },
    tooltip: {
      trigger: 'axis',
      formatter: (p) => {
        const first = Array.isArray(p) ? p[0] : p;
        const bar = first ? bars[first.dataIndex] : undefined;
        if (!bar) return '';
        return [
          `<b>${bar.code}</b>`,
          `${t('errors.count')}: ${bar.count}`,
          t('errors.robots', { n: bar.robots }),
          t('errors.downtime', { value: clockDuration(bar.downtimeS, format) }),
          `${t('errors.cumulative')}: ${percent.format(bar.cumulative)}%`,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: bars.map((b) => b.code),
      axisLabel: { rotate: bars.length > 6 ? 35 : 0, hideOverlap: true },
    },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      {
        name: t('errors.count'),
        type: 'bar',
        data: bars.map((b) => b.count),
        itemStyle: { color: token.colorError },
        barMaxWidth: 36,
      },
      {
        name: t('errors.cumulative'),
        type: 'line',
        yAxisIndex: 1,
        data: bars.map((b) => Math.round(b.cumulative * 10) / 10),
        itemStyle: { color: token.colorText },
        symbolSize: 5,
      },
    ],
  };
  const drill = (index: number) => {
    const bar = bars[index];
    if (bar) onDrill({ kind: 'errorCode', code: bar.code });
  };
  return (
    <FigurePanel
      title={t('errors.title')}
      hint={errors?.total ? `${t('errors.total', { count: errors.total })} · ${t('errors.hint')}` : undefined}
      state={state}
      empty={bars.length === 0}
      emptyText={t('errors.empty')}
      height={300}
      testId="analysis-errors"
    >
      <AnalysisChart
        option={option}
        height={300}
        label={t('errors.title')}
        testId="errors-chart"
        onClick={(e) => drill(e.dataIndex)}
        onCategoryClick={drill}
      />
    </FigurePanel>
  );
}
