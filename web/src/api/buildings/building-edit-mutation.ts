import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateBuilding } from './invalidate-building';

export type EditBuildingInput = RouteInput<typeof api.editBuilding>['body'];

export function useBuildingEditMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditBuildingInput) =>
      callApi(apiRoutes.editBuilding, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: (edited) => invalidateBuilding(queryClient, scope, edited.id),
  });
}
