import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { invalidateRoleChange } from './invalidate-role-change';

/** Sets exactly who holds a role (the previous holders are replaced). */
export function useRoleAssignMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { roleId: string; userIds: string[] }) => callApi(apiRoutes.assignRole, { body }),
    onSuccess: () => invalidateRoleChange(queryClient, scope),
  });
}
