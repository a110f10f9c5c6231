import type { Api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { peopleKeys } from '../people/keys';
import { useScope } from '../scope';

export type EditRobotInput = RouteInput<Api['editRobot']>['body'];

export function useRobotEditMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditRobotInput) => callApi(api.editRobot, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.assignableRobots(scope) }),
  });
}
