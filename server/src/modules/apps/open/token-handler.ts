import { timingSafeEqual } from 'node:crypto';
import { API_SCOPES, APP_TOKEN_TTL_S, type ApiScope, type TokenResponse } from '@fleet/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiAppSecrets, apiAppTokens } from '../../../db/schema/index.js';
import type { Handler } from '../../../http/handlers.js';
import { OAuthRefusal } from '../../../http/oauth-errors.js';
import type { Services } from '../../../services.js';
import { credentialHash, newAccessToken } from '../app-secrets.js';
import { statusOf } from '../dtos.js';
import { appByAccessKey, liveSecretsOf } from '../repo.js';

interface Presented {
  clientId: string;
  clientSecret: string;
  basic: boolean;
}

/** RFC 6749 section 2.3.1: HTTP Basic (each part form-urlencoded first) or the two form fields, never both. */
function credentialsOf(
  request: FastifyRequest,
  body: { client_id?: string | undefined; client_secret?: string | undefined },
): Presented {
  const auth = request.headers.authorization;
  const basic =
    typeof auth === 'string' ? /^Basic[ \t]+([A-Za-z0-9+/=]+)[ \t]*$/i.exec(auth)?.[1] : undefined;
  if (basic !== undefined) {
    if (body.client_id !== undefined || body.client_secret !== undefined)
      throw new OAuthRefusal(
        'BAD_REQUEST',
        'invalid_request',
        'Send the credentials once: in Basic auth or in the form',
      );
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0)
      throw new OAuthRefusal('BAD_REQUEST', 'invalid_request', 'Basic credentials are key:secret');
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
        basic: true,
      };
    } catch {
      throw new OAuthRefusal('BAD_REQUEST', 'invalid_request', 'Basic credentials are not well encoded');
    }
  }
  if (!body.client_id || !body.client_secret)
    throw new OAuthRefusal(
      'UNAUTHORIZED',
      'invalid_client',
      'Send the access key and secret in Basic auth, or as client_id and client_secret',
      { 'www-authenticate': 'Basic realm="open-api"' },
    );
  return { clientId: body.client_id, clientSecret: body.client_secret, basic: false };
}

function scopesAsked(asked: string | undefined, granted: readonly ApiScope[]): ApiScope[] {
  if (asked === undefined || asked.trim() === '') return [...granted];
  const list = [...new Set(asked.trim().split(/ +/))];
  const unknown = list.filter((s) => !(API_SCOPES as readonly string[]).includes(s));
  if (unknown.length)
    throw new OAuthRefusal('BAD_REQUEST', 'invalid_scope', `Unknown scope: ${unknown.join(' ')}`);
  const missing = list.filter((s) => !granted.includes(s as ApiScope));
  if (missing.length)
    throw new OAuthRefusal(
      'BAD_REQUEST',
      'invalid_scope',
      `The application does not have: ${missing.join(' ')}`,
    );
  return list as ApiScope[];
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The token endpoint (OAuth 2.0 client credentials, RFC 6749 section 4.4): an API application's key and secret for a token. */
export function tokenHandler(services: Services): Handler<typeof import('@fleet/contract').api.openToken> {
  return async ({ body }, { request }) => {
    const presented = credentialsOf(request, body);
    if (body.grant_type !== 'client_credentials')
      throw new OAuthRefusal(
        'BAD_REQUEST',
        'unsupported_grant_type',
        'Only grant_type=client_credentials is supported',
      );
    const refused = (why: string) =>
      new OAuthRefusal('UNAUTHORIZED', 'invalid_client', why, {
        'www-authenticate': 'Basic realm="open-api"',
      });
    const app = await appByAccessKey(services.reg, presented.clientId);
    if (!app) throw refused('Unknown access key, or wrong secret');
    request.apiAppId = app.id;
    const hash = credentialHash(presented.clientSecret);
    const secret = (await liveSecretsOf(services.reg, [app.id])).find((s) => same(s.secretHash, hash));
    if (!secret) throw refused('Unknown access key, or wrong secret');
    const status = statusOf(app);
    if (status !== 'active') throw refused(`The application is ${status}`);
    if (!services.appGate.allows(app.ipRanges, request.ip))
      throw new OAuthRefusal(
        'FORBIDDEN',
        'unauthorized_client',
        `Calls from ${request.ip} are not allowed: the application accepts only its allowed IP ranges`,
      );
    const scopes = scopesAsked(body.scope, app.scopes);
    const token = newAccessToken();
    // An application that expires sooner than an hour gets a token that ends with it.
    const ttlS = app.expiresAt
      ? Math.max(1, Math.min(APP_TOKEN_TTL_S, Math.floor((app.expiresAt.getTime() - Date.now()) / 1000)))
      : APP_TOKEN_TTL_S;
    await services.reg.transaction(async (tx) => {
      await tx.insert(apiAppTokens).values({
        tokenHash: credentialHash(token),
        appId: app.id,
        secretId: secret.id,
        scopes,
        expiresAt: sql`now() + make_interval(secs => ${ttlS})`,
      });
      await tx.update(apiAppSecrets).set({ lastUsedAt: sql`now()` }).where(eq(apiAppSecrets.id, secret.id));
      // Nothing else removes a token that ended (only revoking does): without this the table grew by a row per
      // token for good, one an hour per integration and one a call for a client that asks each time.
      await tx
        .delete(apiAppTokens)
        .where(and(eq(apiAppTokens.appId, app.id), lt(apiAppTokens.expiresAt, sql`now()`)));
    });
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: ttlS,
      scope: scopes.join(' '),
    } satisfies TokenResponse;
  };
}
