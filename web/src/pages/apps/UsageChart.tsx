import type { AppUsage } from '@fleet/contract';
import type { EChartsOption } from 'echarts';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../components/DateTimeText';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Screenshots of a browser driven by tests must not catch the bars halfway up. */
const ANIMATE = typeof navigator === 'undefined' || !navigator.webdriver;

/** An application's calls per hour, answered and refused, stacked. */
export function UsageChart({ usage }: { usage: AppUsage }) {
  const { t } = useTranslation('apps');
  const lng = useLanguage();
  const hour = new Intl.DateTimeFormat(lng === 'zh' ? 'zh-CN' : 'en', {
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
  });
  const option: EChartsOption = {
    animation: ANIMATE,
    grid: { left: 40, right: 12, top: 30, bottom: 30 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: usage.hours.map((h) => hour.format(new Date(h.at))) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: t('usage.calls'),
        type: 'bar',
        stack: 'all',
        data: usage.hours.map((h) => h.calls),
        color: '#1677ff',
      },
      {
        name: t('usage.refused'),
        type: 'bar',
        stack: 'all',
        data: usage.hours.map((h) => h.refused),
        color: '#ff4d4f',
      },
    ],
  };
  return (
    <div role="img" aria-label={t('usage.label')} data-testid="app-usage-chart">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 220 }} notMerge />
    </div>
  );
}
