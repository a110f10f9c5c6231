import type { api, RouteInput, SsoConfig } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../session/session-store';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { FORM_ERROR_CODES } from '../form-error-codes';
import { useScope } from '../scope';
import { ssoKeys } from './keys';

export type SsoCreateInput = RouteInput<typeof api.createSsoConfig>['body'];
export type SsoEditInput = RouteInput<typeof api.editSsoConfig>['body'];

/** The saved configuration replaces the cached one (and the stored ssoInfo the header's row reads). */
function useStoreConfig() {
  const scope = useScope();
  const queryClient = useQueryClient();
  return (config: SsoConfig | null) => {
    queryClient.setQueryData(ssoKeys.config(scope), config);
    sessionStore.getState().set('ssoInfo', config ?? {});
  };
}

export function useSsoCreateMutation() {
  const store = useStoreConfig();
  return useMutation({
    mutationFn: (body: SsoCreateInput) =>
      callApi(apiRoutes.createSsoConfig, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: store,
  });
}

export function useSsoEditMutation() {
  const store = useStoreConfig();
  return useMutation({
    mutationFn: (body: SsoEditInput) =>
      callApi(apiRoutes.editSsoConfig, { body }, { quiet: FORM_ERROR_CODES }),
    onSuccess: store,
  });
}

export function useSsoDeleteMutation() {
  const store = useStoreConfig();
  return useMutation({
    mutationFn: (id: string) => callApi(apiRoutes.deleteSsoConfig, { params: { id } }),
    onSuccess: () => store(null),
  });
}

/** Starts the connection test: the browser goes to the provider and comes back to /sso with the result. */
export function useSsoTestMutation() {
  return useMutation({
    mutationFn: () => callApi(apiRoutes.testSsoConfig),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
