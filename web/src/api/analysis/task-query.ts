import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

/** One task with its errors and states, opened from a drill-down list. */
export function useAnalysisTaskQuery(id: string | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.task(scope, id ?? ''),
    queryFn: () => callApi(apiRoutes.analysisTask, { params: { id: id ?? '' } }, { quiet: true }),
    enabled: scope !== undefined && !!id,
    staleTime: 5 * 60_000,
  });
}
