import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { roleKeys } from '../roles/keys';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

/** Hands the company to another member; the caller becomes administrator on the next request. */
export function useOwnerTransferMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => callApi(apiRoutes.transferOwner, { body: { userId } }),
    onSuccess: async () => {
      // The caller's own rights changed: every button decided from them must be decided again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.people(scope) }),
        queryClient.invalidateQueries({ queryKey: roleKeys.permissions(scope) }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.me(scope?.region ?? 'home') }),
      ]);
    },
  });
}
