import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** Calls the car to a floor and reads it back; a pass lets the lift be enabled for robots. */
export function useLiftTestCallMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { liftId: string; floorCode: string }) =>
      callApi(apiRoutes.testLiftCall, { params: { id: v.liftId }, body: { floorCode: v.floorCode } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liftKeys.allBanks(scope) }),
  });
}
