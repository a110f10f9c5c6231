import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useRegionKey } from '../scope';
import { commonKeys } from './keys';

/** The home statistic is decoration: a failure hides it rather than toasting on the login page. */
export function useStatsQuery() {
  const region = useRegionKey();
  return useQuery({
    queryKey: commonKeys.stats(region),
    queryFn: () => callApi(apiRoutes.stats, undefined, { quiet: true }),
    staleTime: 5 * 60_000,
  });
}
