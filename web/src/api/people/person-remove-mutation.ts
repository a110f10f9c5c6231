import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { roleKeys } from '../roles/keys';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

export function usePersonRemoveMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.removePerson, { body: { id } }),
    onSuccess: async () => {
      // A removed person no longer holds any custom role.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.people(scope) }),
        queryClient.invalidateQueries({ queryKey: roleKeys.list(scope) }),
      ]);
    },
  });
}
