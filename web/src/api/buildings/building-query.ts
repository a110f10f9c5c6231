import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { buildingKeys } from './keys';

/** One building with its floors and how to draw their maps. */
export function useBuildingQuery(id: string | null | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: buildingKeys.detail(scope, id ?? 'none'),
    queryFn: () => callApi(api.getBuilding, { params: { id: id ?? '' } }),
    enabled: scope !== undefined && Boolean(id),
  });
}
