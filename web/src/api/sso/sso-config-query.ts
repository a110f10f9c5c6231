import { useQuery } from '@tanstack/react-query';
import { sessionStore } from '../../session/session-store';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { ssoKeys } from './keys';

/**
 * The company's single sign-on configuration (null when none). SSO-CONFIG-ACCESS: only a super admin on a domain
 * with the admin view may load it, so the caller says when it is allowed.
 */
export function useSsoConfigQuery(allowed: boolean) {
  const scope = useScope();
  return useQuery({
    queryKey: ssoKeys.config(scope),
    queryFn: async () => {
      const config = await callApi(apiRoutes.getSsoConfig);
      sessionStore.getState().set('ssoInfo', config ?? {});
      return config;
    },
    enabled: allowed && scope !== undefined,
  });
}
