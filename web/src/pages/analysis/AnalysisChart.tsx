import type { EChartsOption } from 'echarts';
import { BarChart, CustomChart, HeatmapChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useRef } from 'react';

echarts.use([
  LineChart,
  BarChart,
  HeatmapChart,
  CustomChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** Screenshots of a browser driven by tests must not catch a chart halfway through its entrance. */
const ANIMATE = typeof navigator === 'undefined' || !navigator.webdriver;

export interface ChartClick {
  seriesIndex?: number;
  dataIndex: number;
  data?: unknown;
}

interface Props {
  option: EChartsOption;
  height: number;
  /** What the chart shows, for screen readers (the canvas says nothing). */
  label: string;
  onClick?: (event: ChartClick) => void;
  /**
   * A click on the plot between points (a line's symbols are small): the index of the category under it, read
   * from the first series' axes.
   */
  onCategoryClick?: (index: number) => void;
  testId?: string;
}

/** One ECharts canvas of the analysis screen, with the parts those charts use registered once. */
export function AnalysisChart({ option, height, label, onClick, onCategoryClick, testId }: Props) {
  // The canvas listener is attached once; it reads the latest handler through the ref.
  const categoryClick = useRef(onCategoryClick);
  categoryClick.current = onCategoryClick;
  const attach = (chart: echarts.EChartsType) => {
    chart.getZr().on('click', (e) => {
      const handler = categoryClick.current;
      if (!handler || e.target || !chart.containPixel('grid', [e.offsetX, e.offsetY])) return;
      const [index] = chart.convertFromPixel({ seriesIndex: 0 }, [e.offsetX, e.offsetY]) as number[];
      if (index !== undefined && Number.isFinite(index)) handler(Math.round(index));
    });
  };
  return (
    <div role="img" aria-label={label} data-testid={testId}>
      <ReactEChartsCore
        echarts={echarts}
        option={{ animation: ANIMATE, ...option }}
        style={{ height }}
        notMerge
        onEvents={onClick ? { click: onClick } : undefined}
        onChartReady={attach}
      />
    </div>
  );
}
