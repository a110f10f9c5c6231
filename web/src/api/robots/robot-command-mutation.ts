import type { CommandInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { robotKeys } from './keys';

export function useRobotCommandMutation(robotId: string) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommandInput) => callApi(api.sendCommand, { params: { id: robotId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: robotKeys.commands(scope, robotId) }),
  });
}
