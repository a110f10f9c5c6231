import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

/** Makes a member administrator (`admin: true`) or staff again (`admin: false`). */
export function usePersonAdminMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, admin }: { userId: string; admin: boolean }) =>
      admin
        ? callApi(apiRoutes.setAdmin, { body: { userId } })
        : callApi(apiRoutes.unsetAdmin, { body: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.people(scope) }),
  });
}
