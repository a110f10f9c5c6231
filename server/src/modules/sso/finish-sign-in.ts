import { randomBytes } from 'node:crypto';
import type { SsoFailure } from '@fleet/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { insertSession } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { ssoConfigs, ssoFlows, ssoTickets } from '../../db/schema/index.js';
import type { Services } from '../../services.js';
import { recordAudit } from '../audit/record-audit.js';
import { markSignedIn } from '../people/repo.js';
import { linkPerson } from './link-person.js';
import { roleFromGroups } from './map-role.js';
import { type ProviderClients, ProviderUnreachable } from './provider-client.js';
import { readPerson } from './read-person.js';
import { redirectUriOf, type SsoRow, ssoConfigById, statusOf } from './repo.js';
import { Refused } from './sign-in-refused.js';
import { connectionOf, sha256 } from './start-sign-in.js';

/** How long the console has to exchange a finished sign-in's ticket for its token. */
const TICKET_TTL_SECONDS = 60;

/**
 * The provider's answer, checked end to end: the state (one use, not expired, this configuration's), then the
 * code exchange with PKCE and the ID token's issuer, audience, signature, expiry and nonce (openid-client), then
 * the person (a verified e-mail of the configuration's domains, groups that map to a role). Answers where the
 * browser goes next: /login/sso/{id} with a one-time ticket or an error, or /sso with a connection test's result.
 */
export async function finishSignIn(
  services: Services,
  providers: ProviderClients,
  configId: string,
  rawQuery: string,
  ip: string,
): Promise<string> {
  const failed = (reason: SsoFailure, test: boolean) =>
    test ? `/sso?type=edit&test=${reason}` : `/login/sso/${configId}?error=${reason}`;
  const params = new URLSearchParams(rawQuery);
  const state = params.get('state') ?? '';
  const flow = state ? await takeFlow(services.dir, configId, state) : null;
  if (!flow) return failed('state_invalid', false);
  const test = flow.testerId !== null;
  try {
    const row = await ssoConfigById(services.dir, configId);
    if (!row || (!test && statusOf(row) !== 'active')) throw new Refused('sso_inactive');
    const error = params.get('error');
    if (error) throw new Refused(error === 'access_denied' ? 'cancelled' : 'provider_error');
    const claims = await exchange(services, providers, row, rawQuery, flow);
    const person = readPerson(claims, row);
    if (!person.email) throw new Refused('email_missing');
    if (person.emailVerified === false) throw new Refused('email_unverified');
    if (!row.emailDomains.includes(person.email.slice(person.email.lastIndexOf('@') + 1))) {
      throw new Refused('email_domain');
    }
    const role = roleFromGroups(person.groups, {
      groupRoles: row.groupRoles,
      defaultRole: row.defaultRole,
      strict: row.strictGroups,
    });
    if (!role) throw new Refused('no_role');
    if (flow.testerId) {
      await recordPassedTest(services.dir, row, flow.testerId, ip, person.email);
      providers.forget(row.id);
      return '/sso?type=edit&test=passed';
    }
    const ticket = await services.dir.transaction(async (tx) => {
      const userId = await linkPerson(tx, row, person, role, ip);
      // Opened exactly as a password sign-in opens one; its token is signed when the ticket is exchanged.
      const sessionId = await insertSession(tx, userId, row.companyId, ip);
      await markSignedIn(tx, userId);
      const value = randomBytes(32).toString('base64url');
      await tx.insert(ssoTickets).values({
        ticketHash: sha256(value),
        sessionId,
        expiresAt: sql`now() + make_interval(secs => ${TICKET_TTL_SECONDS})`,
      });
      return value;
    });
    // After the commit, and at most once a minute: every sign-in of the company would otherwise queue on this one
    // row's lock (the screen shows it in minutes anyway).
    await services.dir
      .update(ssoConfigs)
      .set({ lastSignInAt: sql`now()` })
      .where(
        and(
          eq(ssoConfigs.id, row.id),
          or(isNull(ssoConfigs.lastSignInAt), lt(ssoConfigs.lastSignInAt, sql`now() - interval '1 minute'`)),
        ),
      );
    return `/login/sso/${configId}?ticket=${ticket}`;
  } catch (error) {
    if (error instanceof Refused) return failed(error.reason, test);
    throw error;
  }
}

/** The flow of this state, removed as it is read: a replayed or expired state finds nothing. */
async function takeFlow(db: Db, configId: string, state: string) {
  const [flow] = await db
    .delete(ssoFlows)
    .where(
      and(
        eq(ssoFlows.stateHash, sha256(state)),
        eq(ssoFlows.configId, configId),
        gt(ssoFlows.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return flow ?? null;
}

/** The code exchanged for tokens, and the person's claims (the ID token's, completed by userinfo). */
async function exchange(
  services: Services,
  providers: ProviderClients,
  row: SsoRow,
  rawQuery: string,
  flow: { codeVerifier: string; nonce: string },
): Promise<Record<string, unknown>> {
  let configuration: oidc.Configuration;
  try {
    configuration = await providers.configurationFor(connectionOf(services, row));
  } catch (error) {
    if (error instanceof ProviderUnreachable) throw new Refused('provider_unreachable');
    throw error;
  }
  const currentUrl = new URL(`${redirectUriOf(services.config.publicUrl, row.id)}?${rawQuery}`);
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: new URLSearchParams(rawQuery).get('state') ?? undefined,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Refused('token_invalid');
    if (!configuration.serverMetadata().userinfo_endpoint) return { ...idClaims };
    const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    return { ...info, ...idClaims };
  } catch (error) {
    if (error instanceof Refused) throw error;
    if (clientRejected(error)) throw new Refused('client_rejected');
    throw new Refused(unreachable(error) ? 'provider_unreachable' : 'token_invalid');
  }
}

/** The provider refused the console's client id or secret, in its JSON body or its WWW-Authenticate challenge. */
function clientRejected(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.error === 'invalid_client';
  if (error instanceof oidc.WWWAuthenticateChallengeError) {
    return error.status === 401 || error.cause.some((c) => c.parameters.error === 'invalid_client');
  }
  return false;
}

/** A network failure or timeout reaching the provider, as opposed to an answer that failed its checks. */
function unreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

async function recordPassedTest(db: Db, row: SsoRow, testerId: string, ip: string, email: string) {
  await db.transaction(async (tx) => {
    await tx.update(ssoConfigs).set({ testedAt: sql`now()` }).where(eq(ssoConfigs.id, row.id));
    await recordAudit(tx, {
      companyId: row.companyId,
      actorId: testerId,
      action: 'sso.test',
      targetId: row.id,
      detail: { issuer: row.issuer, signedInAs: email },
      ip,
    });
  });
}
