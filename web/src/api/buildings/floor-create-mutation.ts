import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateBuilding } from './invalidate-building';

export type CreateFloorInput = RouteInput<typeof api.createFloor>['body'];

export function useFloorCreateMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFloorInput) =>
      callApi(apiRoutes.createFloor, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: (floor) => invalidateBuilding(queryClient, scope, floor.buildingId),
  });
}
