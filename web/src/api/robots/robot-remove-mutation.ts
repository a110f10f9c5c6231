import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { peopleKeys } from '../people/keys';
import { useScope } from '../scope';

/** A removed robot leaves the table over /live and people's assignment lists here. */
export function useRobotRemoveMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.removeRobot, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all(scope) }),
  });
}
