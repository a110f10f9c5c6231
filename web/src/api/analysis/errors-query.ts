import type { AnalysisScope } from '@fleet/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

/** Error codes by count, most first, with the robots they hit and the downtime they cost. */
export function useAnalysisErrorsQuery(body: AnalysisScope | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.errors(scope, body),
    queryFn:
      scope && body ? () => callApi(apiRoutes.analysisErrors, { body: body }, { quiet: true }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
