import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { buildingKeys } from './keys';

export type EditStationInput = RouteInput<typeof api.editStation>['body'];

export function useStationEditMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditStationInput) =>
      callApi(apiRoutes.editStation, { body }, { quiet: FORM_ERROR_CODES }),
    // The floor's station count is unchanged: only its list.
    onSuccess: (station) =>
      queryClient.invalidateQueries({ queryKey: buildingKeys.stations(scope, station.floorId) }),
  });
}
