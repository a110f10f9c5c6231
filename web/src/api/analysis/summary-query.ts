import type { AnalysisFilter } from '@fleet/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

// The screen shows a failed figure in place with a retry, so the calls below are quiet (no toast per chart).

/** The KPI cards: each figure, the period before and its target; `hasData` says whether there is anything. */
export function useAnalysisSummaryQuery(filter: AnalysisFilter | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.summary(scope, filter),
    queryFn:
      scope && filter
        ? () => callApi(apiRoutes.analysisSummary, { body: filter }, { quiet: true })
        : skipToken,
    placeholderData: keepPreviousData,
  });
}
