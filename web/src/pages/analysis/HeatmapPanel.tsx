import type { AnalysisHeatmap } from '@fleet/contract';
import { theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useTranslation } from 'react-i18next';
import { AnalysisChart } from './AnalysisChart';
import { heatPoints, weekdayNames } from './chart-data.utils';
import type { DrillTarget } from './drill-down.utils';
import { FigurePanel, type FigureState } from './FigurePanel';
import type { KpiFormat } from './kpi-format.utils';

interface Props {
  heatmap: AnalysisHeatmap | undefined;
  state: FigureState;
  format: KpiFormat;
  onDrill: (target: DrillTarget) => void;
}

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

/** Working hours in each weekday × local hour: when the fleet works, and when it could. */
export function HeatmapPanel({ heatmap, state, format, onDrill }: Props) {
  const { t } = useTranslation('analysis');
  const { token } = theme.useToken();
  const days = weekdayNames(format.locale);
  const { points, max } = heatmap ? heatPoints(heatmap) : { points: [], max: 0 };
  const hoursText = (hours: number) =>
    format.words.hours(new Intl.NumberFormat(format.locale, { maximumFractionDigits: 1 }).format(hours));

  const option: EChartsOption = {
    grid: { left: 44, right: 12, top: 8, bottom: 64 },
    tooltip: {
      formatter: (p) => {
        const point = points[Array.isArray(p) ? 0 : p.dataIndex];
        if (!point) return '';
        const [hour, row, hours] = point.value;
        return [
          t('heatmap.cell', { weekday: days[row], hour: HOURS[hour] }),
          `${t('heatmap.hours')}: <b>${hoursText(hours)}</b>`,
          t('heatmap.tasks', { n: point.tasks }),
        ].join('<br/>');
      },
    },
    xAxis: { type: 'category', data: HOURS, splitArea: { show: true }, axisLabel: { interval: 1 } },
    yAxis: { type: 'category', data: days, inverse: true, splitArea: { show: true } },
    visualMap: {
      min: 0,
      max: Math.max(max, 0.1),
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 160,
      text: [hoursText(Math.max(max, 0.1)), hoursText(0)],
      inRange: {
        color: [token.colorPrimaryBg, token.colorPrimaryBorder, token.colorPrimary, token.colorPrimaryActive],
      },
    },
    series: [
      {
        type: 'heatmap',
        data: points.map((p) => p.value),
        emphasis: { itemStyle: { borderColor: token.colorText, borderWidth: 1 } },
      },
    ],
  };
  return (
    <FigurePanel
      title={t('heatmap.title')}
      hint={t('heatmap.hint')}
      state={state}
      height={300}
      testId="analysis-heatmap"
    >
      <AnalysisChart
        option={option}
        height={300}
        label={t('heatmap.title')}
        testId="heatmap-chart"
        onClick={(e) => {
          const point = points[e.dataIndex];
          if (point) onDrill({ kind: 'cell', weekday: point.value[1] + 1, hour: point.value[0] });
        }}
      />
    </FigurePanel>
  );
}
