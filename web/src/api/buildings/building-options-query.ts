import { PAGE_LENGTH_MAX } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { buildingKeys } from './keys';

/** The company's buildings for pickers and filters (names and ids), the first PAGE_LENGTH_MAX by name. */
export function useBuildingOptionsQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: buildingKeys.options(scope),
    queryFn: async () =>
      (await callApi(api.searchBuildings, { body: { pageIndex: 1, pageLength: PAGE_LENGTH_MAX } })).list,
    enabled: scope !== undefined,
    staleTime: 60_000,
  });
}
