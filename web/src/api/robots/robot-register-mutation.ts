import type { Api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { peopleKeys } from '../people/keys';
import { useScope } from '../scope';

export type RegisterRobotInput = RouteInput<Api['registerRobot']>['body'];

/** The new robot arrives in the table over /live; its credentials are in the answer, once. */
export function useRobotRegisterMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRobotInput) =>
      callApi(api.registerRobot, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.assignableRobots(scope) }),
  });
}
