import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { invalidateRoleChange } from './invalidate-role-change';

export type CreateRoleInput = RouteInput<typeof api.createRole>['body'];

export function useRoleCreateMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRoleInput) =>
      callApi(apiRoutes.createRole, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => invalidateRoleChange(queryClient, scope),
  });
}
