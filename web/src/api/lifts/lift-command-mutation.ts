import type { LiftCommandBody } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** An operator's command to a lift; the live lifts refresh with its answer. */
export function useLiftCommandMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { liftId: string; body: LiftCommandBody }) =>
      callApi(apiRoutes.liftCommand, { params: { id: v.liftId }, body: v.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...liftKeys.all(scope), 'live'] }),
  });
}
