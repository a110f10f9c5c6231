import { ROBOT_STATUSES } from '@fleet/contract';
import { Empty, Flex, Spin, Tag, theme } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRobotHistoryQuery } from '../../api/robots/robot-history-query';
import { useLanguage } from '../../components/DateTimeText';
import { STATUS_COLOURS } from '../../components/floor-map/robot-colours';
import { batteryPoints, statusSpans, timeShares } from './history-chart.utils';

echarts.use([LineChart, GridComponent, TooltipComponent, MarkAreaComponent, CanvasRenderer]);

/** Battery over the last 24 h, on a band of what the robot was doing. */
export default function RobotHistoryChart({ robotId }: { robotId: string }) {
  const { t } = useTranslation(['robots', 'live']);
  const lng = useLanguage();
  const { token } = theme.useToken();
  const history = useRobotHistoryQuery(robotId);
  const data = history.data;

  const model = useMemo(() => {
    if (!data) return undefined;
    const spans = statusSpans(data.samples, Date.parse(data.to));
    return { spans, points: batteryPoints(data.samples), shares: timeShares(spans) };
  }, [data]);

  if (history.isLoading) return <Spin />;
  if (!data || !model || data.samples.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />;
  }
  const option = {
    animation: false,
    grid: { left: 40, right: 12, top: 12, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? `${v} %` : '–') },
    xAxis: {
      type: 'time',
      min: Date.parse(data.from),
      max: Date.parse(data.to),
      axisLabel: {
        formatter: (value: number) =>
          new Date(value).toLocaleTimeString(lng === 'zh' ? 'zh-CN' : 'en', {
            hour: '2-digit',
            minute: '2-digit',
          }),
      },
    },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      {
        name: t('history.battery'),
        type: 'line',
        showSymbol: false,
        connectNulls: false,
        lineStyle: { color: token.colorText, width: 1.5 },
        itemStyle: { color: token.colorText },
        data: model.points,
        markArea: {
          silent: true,
          data: model.spans.map((s) => [
            { xAxis: s.from, itemStyle: { color: STATUS_COLOURS[s.status], opacity: 0.25 } },
            { xAxis: s.to },
          ]),
        },
      },
    ],
  };
  return (
    <Flex vertical gap={8} data-testid="robot-history">
      <ReactEChartsCore echarts={echarts} option={option} style={{ height: 200 }} notMerge />
      <Flex wrap gap={4} aria-label={t('history.shares')}>
        {ROBOT_STATUSES.filter((s) => model.shares[s]).map((s) => (
          <Tag key={s} color={STATUS_COLOURS[s]} style={{ marginInlineEnd: 0 }}>
            {t(`live:status.${s}`)} {Math.round((model.shares[s] ?? 0) * 100)} %
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}
