import type { AnalysisFilter } from '@fleet/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

/** Every figure per bucket, and the period before bucket for bucket when compared. */
export function useAnalysisTrendQuery(filter: AnalysisFilter | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.trend(scope, filter),
    queryFn:
      scope && filter ? () => callApi(apiRoutes.analysisTrend, { body: filter }, { quiet: true }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
