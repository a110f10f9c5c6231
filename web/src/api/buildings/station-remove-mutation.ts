import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { invalidateStations } from './invalidate-stations';

export function useStationRemoveMutation(buildingId: string, floorId: string) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stationId: string) => callApi(apiRoutes.removeStation, { params: { id: stationId } }),
    onSuccess: () => invalidateStations(queryClient, scope, buildingId, floorId),
  });
}
