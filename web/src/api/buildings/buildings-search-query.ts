import type { api, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { buildingKeys } from './keys';

export type BuildingSearchBody = RouteBody<typeof api.searchBuildings>;

/** One page of the company's buildings, filtered by name, with their floor and robot counts. */
export function useBuildingsSearchQuery(body: BuildingSearchBody) {
  const scope = useScope();
  return useQuery({
    queryKey: buildingKeys.search(scope, body),
    queryFn: () => callApi(apiRoutes.searchBuildings, { body }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}
