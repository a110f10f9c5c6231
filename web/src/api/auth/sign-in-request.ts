import type { api, LoginResult, RouteBody } from '@fleet/contract';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';

export type CredentialsBody = Extract<RouteBody<typeof api.login>, { password: string }>;

/** A new session from an account and its password. */
export function requestSignIn(body: CredentialsBody): Promise<LoginResult> {
  return callApi(apiRoutes.login, { body });
}

/**
 * The session a sign-in through the company's provider opened, for the one-time ticket the provider's return
 * brought (the token itself never travels in an address). A used or expired ticket is 401, shown by the page.
 */
export function requestTicketSession(ticket: string): Promise<LoginResult> {
  return callApi(apiRoutes.ssoFinish, { body: { ticket } }, { quiet: ['UNAUTHORIZED'] });
}

/** A new session in another company of the same person, from the current token. */
export function requestCompanySession(token: string, companyId: string): Promise<LoginResult> {
  return callApi(apiRoutes.login, { body: { token, companyId } });
}

/** Ends the session on the server; quiet, since the console ends it locally whatever the answer. */
export function requestSignOut(): Promise<unknown> {
  return callApi(apiRoutes.logout, undefined, { quiet: true });
}
