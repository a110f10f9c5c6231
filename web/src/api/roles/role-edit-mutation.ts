import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateRoleChange } from './invalidate-role-change';

export type EditRoleInput = RouteInput<typeof api.editRole>['body'];

export function useRoleEditMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditRoleInput) => callApi(apiRoutes.editRole, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => invalidateRoleChange(queryClient, scope),
  });
}
