import type { AnalysisScope } from '@fleet/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

/** Working seconds and tasks in each weekday × local hour cell. */
export function useAnalysisHeatmapQuery(body: AnalysisScope | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.heatmap(scope, body),
    queryFn:
      scope && body ? () => callApi(apiRoutes.analysisHeatmap, { body: body }, { quiet: true }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
