import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { userKeys } from './keys';

export function usePersonAssignRobotsMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; robotIds: string[] }) => callApi(apiRoutes.assignRobots, { body }),
    onSuccess: async (_person, { userId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.people(scope) }),
        queryClient.invalidateQueries({ queryKey: userKeys.devices(scope, userId) }),
      ]);
    },
  });
}
