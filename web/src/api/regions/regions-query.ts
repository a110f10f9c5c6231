import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useRegionKey } from '../scope';
import { regionKeys } from './keys';

export function useRegionsQuery(enabled = true) {
  const region = useRegionKey();
  return useQuery({
    queryKey: regionKeys.regions(region),
    queryFn: () => callApi(apiRoutes.regions),
    staleTime: 10 * 60_000,
    enabled,
  });
}
