import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

export type EditPersonInput = RouteInput<typeof api.editPerson>['body'];

export function usePersonEditMutation() {
  const scope = useScope();
  const region = scope?.region ?? 'home';
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditPersonInput) =>
      callApi(apiRoutes.editPerson, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: async () => {
      // Editing oneself changes the header's name and phone too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.people(scope) }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.me(region) }),
      ]);
    },
  });
}
