import type { Me } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { monitorUser } from '../../monitoring/monitor';
import { sessionStore, signedInUser, useSession } from '../../session/session-store';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { peopleKeys } from './keys';

/** AUTH-ME-STORED: the user and the login flags are kept in local storage whenever `me` answers. */
export function rememberMe(me: Me): void {
  const session = sessionStore.getState();
  session.set('userInfo', me);
  session.set('loginInfo', { loggedIn: true, superAdmin: me.isSuperAdmin });
  monitorUser(me.id);
}

export async function fetchMe(): Promise<Me> {
  const me = await callApi(apiRoutes.me);
  rememberMe(me);
  return me;
}

export function useMeQuery() {
  const region = useSession((s) => s.regionInfo?.region ?? 'home');
  const token = useSession((s) => s.token);
  const stored = useSession((s) => signedInUser(s.userInfo));
  return useQuery({
    queryKey: peopleKeys.me(region),
    queryFn: fetchMe,
    enabled: Boolean(token),
    // The stored copy paints the header and menu at once; the answer replaces it.
    placeholderData: stored,
    staleTime: 5 * 60_000,
  });
}
