import { api } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../call';
import { useScope } from '../scope';
import { userKeys } from './keys';

/** Makes a member administrator (`admin: true`) or staff again (`admin: false`). */
export function usePersonAdminMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, admin }: { userId: string; admin: boolean }) =>
      callApi(admin ? api.setAdmin : api.unsetAdmin, { body: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.people(scope) }),
  });
}
