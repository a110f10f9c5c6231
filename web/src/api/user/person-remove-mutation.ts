import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { roleKeys } from '../role/keys';
import { useScope } from '../scope';
import { userKeys } from './keys';

export function usePersonRemoveMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.removePerson, { body: { id } }),
    onSuccess: async () => {
      // A removed person no longer holds any custom role.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.people(scope) }),
        queryClient.invalidateQueries({ queryKey: roleKeys.list(scope) }),
      ]);
    },
  });
}
