import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

/** The companies, buildings (with their zones), robots and models the filters offer, and the first day with data. */
export function useAnalysisOptionsQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.options(scope),
    queryFn: () => callApi(apiRoutes.analysisOptions, undefined, { quiet: true }),
    enabled: scope !== undefined,
    staleTime: 60_000,
  });
}
