import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { invalidateRoleChange } from './invalidate-role-change';

export function useRoleDeleteMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.deleteRole, { params: { id } }),
    onSuccess: () => invalidateRoleChange(queryClient, scope),
  });
}
