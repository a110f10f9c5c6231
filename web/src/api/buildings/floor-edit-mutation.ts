import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateBuilding } from './invalidate-building';

export type EditFloorInput = RouteInput<typeof api.editFloor>['body'];

export function useFloorEditMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditFloorInput) => callApi(apiRoutes.editFloor, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: (floor) => invalidateBuilding(queryClient, scope, floor.buildingId),
  });
}
