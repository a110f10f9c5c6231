import { api } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../call';
import { useRegionKey } from '../scope';
import { commonKeys } from './keys';

export function useRegionsQuery(enabled = true) {
  const region = useRegionKey();
  return useQuery({
    queryKey: commonKeys.regions(region),
    queryFn: () => callApi(api.regions),
    staleTime: 10 * 60_000,
    enabled,
  });
}
