import type { SsoConfig } from '@fleet/contract';
import { signInAtProvider } from '@fleet/sim/oidc';
import { eq } from 'drizzle-orm';
import { ssoConfigs } from '../../src/db/schema/index.js';
import { call, type TestApp } from '../helper.js';

/** The body of a configuration for a provider, with the rest left at its defaults. */
export const configBody = (issuer: string, clientId: string, extra: object = {}) => ({
  issuer,
  clientId,
  clientSecret: `${clientId}-secret`,
  emailDomains: ['acme.test'],
  jit: true,
  groupRoles: [{ group: 'fleet-admins', role: 'admin' as const }],
  ...extra,
});

/** The console's redirect URI pattern a test provider registers for a client. */
export const callbackPattern = (t: TestApp) => `${t.config.publicUrl}/opt/v1/sso/*/callback`;

/**
 * The provider's answer delivered to the console's callback as the browser would, and where the console sends
 * the browser next (its Location, relative to the console).
 */
export async function deliver(t: TestApp, callbackUrl: URL): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `${callbackUrl.pathname}${callbackUrl.search}` });
  if (res.statusCode !== 303) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
  return String(res.headers.location);
}

/** A whole sign-in: the console's login call, the provider's page, the callback. Answers the final Location. */
export async function signIn(
  t: TestApp,
  configId: string,
  login: string,
  opts: { cancel?: boolean } = {},
): Promise<string> {
  const started = await call(t.app, 'ssoLogin', { params: { id: configId } });
  if (started.status !== 200) throw new Error(`ssoLogin answered ${started.status}: ${started.body.info}`);
  return deliver(t, await signInAtProvider(started.body.data.redirectUrl, login, opts));
}

/** The connection test of a super admin, through the provider: answers where the browser lands. */
export async function runConnectionTest(t: TestApp, token: string, login: string): Promise<string> {
  const started = await call(t.app, 'testSsoConfig', { token });
  if (started.status !== 200)
    throw new Error(`testSsoConfig answered ${started.status}: ${started.body.info}`);
  return deliver(t, await signInAtProvider(started.body.data.redirectUrl, login));
}

/** The ticket of a Location that finished a sign-in, exchanged for the session's token. */
export async function tokenFrom(t: TestApp, location: string): Promise<string> {
  const ticket = new URL(location, 'http://console').searchParams.get('ticket');
  if (!ticket) throw new Error(`no ticket in ${location}`);
  const res = await call(t.app, 'ssoFinish', { body: { ticket } });
  if (res.status !== 200) throw new Error(`ssoFinish answered ${res.status}: ${res.body.info}`);
  return res.body.data.token;
}

export const errorOf = (location: string) => new URL(location, 'http://console').searchParams.get('error');

/** Saves the configuration with changes, keeping the rest as it is. */
export async function editConfig(t: TestApp, token: string, config: SsoConfig, changes: object) {
  const { id, issuer, clientId, emailDomains, scopes, emailClaim, nameClaim, groupsClaim } = config;
  const { jit, defaultRole, groupRoles, strictGroups, enforcement, breakGlassUserIds } = config;
  return call(t.app, 'editSsoConfig', {
    token,
    body: {
      ...{ id, issuer, clientId, emailDomains, scopes, emailClaim, nameClaim, groupsClaim },
      ...{ jit, defaultRole, groupRoles, strictGroups, enforcement, breakGlassUserIds },
      ...changes,
    },
  });
}

export async function storedConfig(t: TestApp, id: string) {
  const [row] = await t.directory.db.select().from(ssoConfigs).where(eq(ssoConfigs.id, id));
  if (!row) throw new Error('configuration gone');
  return row;
}
