import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { buildingKeys } from './keys';

export function useFloorStationsQuery(floorId: string | null | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: buildingKeys.stations(scope, floorId ?? 'none'),
    queryFn: () => callApi(api.listStations, { params: { id: floorId ?? '' } }),
    enabled: scope !== undefined && Boolean(floorId),
  });
}
