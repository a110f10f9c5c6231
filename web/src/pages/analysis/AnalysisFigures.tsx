import type { AnalysisOptions, AnalysisSummary } from '@fleet/contract';
import { useMemo } from 'react';
import { useAnalysisErrorsQuery } from '../../api/analysis/errors-query';
import { useAnalysisHeatmapQuery } from '../../api/analysis/heatmap-query';
import { useAnalysisRankingQuery } from '../../api/analysis/ranking-query';
import { useAnalysisTrendQuery } from '../../api/analysis/trend-query';
import { type AnalysisView, filterOf, scopeOf, statesDay } from './analysis-url.utils';
import { ErrorsPanel } from './ErrorsPanel';
import { robotsWithoutBuilding } from './filter-choices.utils';
import { HeatmapPanel } from './HeatmapPanel';
import { visibleCards } from './kpi-cards.utils';
import type { KpiFormat } from './kpi-format.utils';
import { RankingPanel } from './RankingPanel';
import { StatesPanel } from './StatesPanel';
import { TasksDrawer } from './TasksDrawer';
import { TrendPanel } from './TrendPanel';
import { useDrillDown } from './use-drill-down';

interface Props {
  view: AnalysisView;
  options: AnalysisOptions;
  today: string;
  summary: AnalysisSummary;
  format: KpiFormat;
  onView: (next: AnalysisView) => void;
}

/** The charts and the ranking under the cards, and the drawer of tasks any of them opens. */
export function AnalysisFigures({ view, options, today, summary, format, onView }: Props) {
  const filter = useMemo(() => filterOf(view), [view]);
  const scope = useMemo(() => scopeOf(view), [view]);
  const trend = useAnalysisTrendQuery(filter);
  const heatmap = useAnalysisHeatmapQuery(scope);
  const errors = useAnalysisErrorsQuery(scope);
  const ranking = useAnalysisRankingQuery({ filter, by: view.rankBy });
  // The figures the company has: the trend offers them and the ranking shows them as columns.
  const kpis = useMemo(() => visibleCards(summary.cards).map((c) => c.id), [summary.cards]);
  const drill = useDrillDown(scope, robotsWithoutBuilding(options, view), format.locale);

  return (
    <>
      <TrendPanel
        trend={trend.data}
        state={trend}
        kpis={kpis}
        kpi={view.kpi}
        onKpi={(kpi) => onView({ ...view, kpi })}
        format={format}
        onDrill={drill.open}
      />
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(460px, 1fr))', gap: 16 }}>
        <HeatmapPanel heatmap={heatmap.data} state={heatmap} format={format} onDrill={drill.open} />
        <ErrorsPanel errors={errors.data} state={errors} format={format} onDrill={drill.open} />
      </div>
      <StatesPanel
        scope={scope}
        day={statesDay(view, today)}
        onDay={(day) => onView({ ...view, day })}
        locale={format.locale}
      />
      <RankingPanel
        rows={ranking.data?.rows}
        state={ranking}
        by={view.rankBy}
        onBy={(rankBy) => onView({ ...view, rankBy })}
        kpis={kpis}
        format={format}
        onDrill={drill.open}
      />
      <TasksDrawer search={drill.search} what={drill.what} format={format} onClose={drill.close} />
    </>
  );
}
