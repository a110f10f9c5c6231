import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateStations } from './invalidate-stations';

export type CreateStationInput = RouteInput<typeof api.createStation>['body'];

export function useStationCreateMutation(buildingId: string) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStationInput) =>
      callApi(apiRoutes.createStation, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: (station) => invalidateStations(queryClient, scope, buildingId, station.floorId),
  });
}
