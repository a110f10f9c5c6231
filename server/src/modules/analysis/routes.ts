import { authorize } from '../../auth/authorize.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { exportAnalysis } from './exports/export-handler.js';
import { analysisStates } from './figures/day-states.js';
import { analysisErrors } from './figures/error-pareto.js';
import { analysisHeatmap } from './figures/heatmap.js';
import { analysisOptions } from './figures/options.js';
import { analysisRanking } from './figures/ranking.js';
import { analysisSummary } from './figures/summary.js';
import { analysisTrend } from './figures/trend.js';
import { reportHandlers } from './reports/report-handlers.js';
import { settingHandlers } from './settings/settings-handlers.js';
import { analysisTask, analysisTasks } from './tasks/task-search.js';

/** The analysis area's calls (docs/user-guide.md "Analysis"): figures read from the roll-ups, and settings. */
export function analysisHandlers(
  services: Services,
): Handlers<
  | 'analysisOptions'
  | 'analysisSummary'
  | 'analysisTrend'
  | 'analysisHeatmap'
  | 'analysisStates'
  | 'analysisErrors'
  | 'analysisRanking'
  | 'analysisTasks'
  | 'analysisTask'
  | 'exportAnalysis'
  | 'analysisSettings'
  | 'saveAnalysisSetting'
  | 'removeAnalysisSetting'
  | 'recomputeAnalysis'
  | 'listAnalysisReports'
  | 'saveAnalysisReport'
  | 'removeAnalysisReport'
  | 'sendAnalysisReport'
  | 'listAnalysisAlerts'
  | 'saveAnalysisAlert'
  | 'removeAnalysisAlert'
> {
  return {
    analysisOptions: (_input, { session }) => analysisOptions(services, session),
    analysisSummary: ({ body }, { session }) => analysisSummary(services, session, body),
    analysisTrend: ({ body }, { session }) => analysisTrend(services, session, body),
    analysisHeatmap: ({ body }, { session }) => analysisHeatmap(services, session, body),
    analysisStates: ({ body }, { session }) => analysisStates(services, session, body),
    analysisErrors: ({ body }, { session }) => analysisErrors(services, session, body),
    analysisRanking: ({ body }, { session }) => analysisRanking(services, session, body.filter, body.by),
    analysisTasks: ({ body }, { session }) => analysisTasks(services, session, body),
    analysisTask: ({ params }, { session }) => {
      authorize(session, 'analysis.read');
      return analysisTask(services, session, params.id);
    },
    exportAnalysis: ({ body }, { session, reply }) => exportAnalysis(services, session, body, reply),
    ...settingHandlers(services),
    ...reportHandlers(services),
  };
}
