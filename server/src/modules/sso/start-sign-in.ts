import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.js';
import { ssoFlows } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Services } from '../../services.js';
import { type ProviderClients, type ProviderConnection, ProviderUnreachable } from './provider-client.js';
import { redirectUriOf, type SsoRow } from './repo.js';

/** How long a person has at the provider before the sign-in must start again. */
export const FLOW_TTL_MINUTES = 10;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export function connectionOf(services: Services, row: SsoRow): ProviderConnection {
  return {
    id: row.id,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: services.cipher.decrypt(row.clientSecretEnc),
    version: row.updatedAt.toISOString(),
  };
}

export const providerDown = () =>
  new AppError('UNAVAILABLE', 'The company’s single sign-on provider cannot be reached; try again shortly', {
    'retry-after': '30',
  });

/**
 * Starts Authorization Code with PKCE: the state (stored hashed), the code verifier and the nonce stay in the
 * database, so whichever instance the provider sends the browser back to can finish it, once. Answers the
 * provider's URL to send the browser to.
 */
export async function startSignIn(
  services: Services,
  providers: ProviderClients,
  row: SsoRow,
  opts: { testerId?: string; loginHint?: string | undefined },
): Promise<string> {
  let configuration: oidc.Configuration;
  try {
    configuration = await providers.configurationFor(connectionOf(services, row));
  } catch (error) {
    if (error instanceof ProviderUnreachable) throw providerDown();
    throw error;
  }
  const state = oidc.randomState();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  await services.dir.insert(ssoFlows).values({
    stateHash: sha256(state),
    configId: row.id,
    codeVerifier,
    nonce,
    testerId: opts.testerId ?? null,
    expiresAt: sql`now() + make_interval(mins => ${FLOW_TTL_MINUTES})`,
  });
  await forgetExpiredFlows(services.dir);
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(services.config.publicUrl, row.id),
    scope: row.scopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(opts.loginHint ? { login_hint: opts.loginHint } : {}),
  });
  return url.href;
}

async function forgetExpiredFlows(db: Db): Promise<void> {
  await db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, sql`now()`));
}
