import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { ssoKeys } from './keys';

/** A new SCIM token (shown once by the caller); the configuration now says it has one. */
export function useScimTokenCreateMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(apiRoutes.createScimToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.config(scope) }),
  });
}

export function useScimTokenDeleteMutation() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(apiRoutes.deleteScimToken),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.config(scope) }),
  });
}
