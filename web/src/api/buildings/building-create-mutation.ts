import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateBuilding } from './invalidate-building';

export type CreateBuildingInput = RouteInput<typeof api.createBuilding>['body'];

export function useBuildingCreateMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBuildingInput) =>
      callApi(apiRoutes.createBuilding, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: (created) => invalidateBuilding(queryClient, scope, created.id),
  });
}
