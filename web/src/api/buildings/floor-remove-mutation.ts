import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { invalidateBuilding } from './invalidate-building';

export function useFloorRemoveMutation(buildingId: string) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (floorId: string) => callApi(apiRoutes.removeFloor, { params: { id: floorId } }),
    // The building's floors; the removed floor's stations are left alone (a refetch would be a 404) and
    // dropped from the cache once its panel is gone.
    onSuccess: () => invalidateBuilding(queryClient, scope, buildingId),
  });
}
