import type { api, RouteInput } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

export type CreatePersonInput = RouteInput<typeof api.createPerson>['body'];

export function usePersonCreateMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePersonInput) =>
      callApi(apiRoutes.createPerson, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKeys.people(scope) }),
  });
}
