import type { Me, Region } from '@fleet/contract';
import {
  type CredentialsBody,
  requestCompanySession,
  requestSignIn,
  requestSignOut,
  requestTicketSession,
} from '../api/auth/sign-in-request';
import { fetchMe } from '../api/people/me-query';
import { notifyAfterReload } from '../feedback/notifier';
import i18n from '../i18n/i18n';
import { endSession } from './end-session';
import { regionAfterLogin } from './region-after-login';
import { sessionStore } from './session-store';
import { settleWithin } from './settle-within';

export type { CredentialsBody };

/** Signs in, keeps the token and the company's region, and loads the user before the first screen. */
export async function signIn(body: CredentialsBody): Promise<Me> {
  const session = sessionStore.getState();
  const result = await requestSignIn(body);
  session.set('token', result.token);
  const region = regionAfterLogin(result, session.regionInfo);
  if (region) session.set('regionInfo', region);
  return fetchMe();
}

/** Signs in with the ticket of a finished single sign-on, exactly as a password sign-in stores its session. */
export async function signInWithTicket(ticket: string): Promise<Me> {
  const session = sessionStore.getState();
  const result = await requestTicketSession(ticket);
  session.set('token', result.token);
  const region = regionAfterLogin(result, session.regionInfo);
  if (region) session.set('regionInfo', region);
  return fetchMe();
}

/**
 * AUTH-SWITCH-COMPANY: re-login with the current token and the chosen company. The new token (and the region when its
 * host changed) are stored, then the page reloads so nothing of the previous company stays in memory.
 */
export async function switchCompany(companyId: string): Promise<void> {
  const session = sessionStore.getState();
  if (!session.token) return;
  const result = await requestCompanySession(session.token, companyId);
  session.set('token', result.token);
  const region = regionAfterLogin(result, session.regionInfo);
  if (region) session.set('regionInfo', region);
  // The stored user belongs to the previous company; the next page load asks `me` again.
  session.set('userInfo', { isSuperAdmin: false });
  session.set('ssoInfo', {});
  notifyAfterReload({ level: 'success', text: i18n.t('common:success') });
  window.location.reload();
}

/** SHELL-HEADER-REGION: the header's region selector stores the region and reloads. */
export function changeRegion(region: Region): void {
  sessionStore.getState().set('regionInfo', region);
  window.location.reload();
}

/**
 * How long signing out waits for the server. The request has left by then, and the server ends the session
 * whether or not the browser is still there for its answer; a slow server must not keep someone from leaving.
 */
const SIGN_OUT_WAIT_MS = 3000;

/** AUTH-LOGOUT: tell the server, clear everything but cryptoKey, say 'Login out！', reload on /login. */
export async function logOut(): Promise<void> {
  // The session ends locally whatever the server says (it may already have expired it).
  await settleWithin(requestSignOut(), SIGN_OUT_WAIT_MS);
  endSession({ level: 'success', text: i18n.t('common:loggedOut') });
}
