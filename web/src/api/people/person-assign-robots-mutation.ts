import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

export function usePersonAssignRobotsMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: string; robotIds: string[] }) => callApi(apiRoutes.assignRobots, { body }),
    onSuccess: async (_person, { userId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.people(scope) }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.devices(scope, userId) }),
      ]);
    },
  });
}
