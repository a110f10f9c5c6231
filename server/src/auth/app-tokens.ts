import type { ApiScope, AppRobots } from '@fleet/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiAppSecrets, apiApps, apiAppTokens } from '../db/schema/index.js';
import { credentialHash } from '../modules/apps/app-secrets.js';

/**
 * The API application behind an open API call: its company, what it may do and which robots it reaches. Never a
 * person: no session, no role; everything it may do is in its scopes and robot set.
 */
export interface AppCaller {
  appId: string;
  companyId: string;
  name: string;
  /** What the application was given. */
  scopes: ApiScope[];
  /** What this token was issued for: the scopes asked for at the token endpoint, within `scopes`. */
  tokenScopes: ApiScope[];
  robots: AppRobots;
  ipRanges: string[];
  rateLimitPerMinute: number;
  expiresAt: Date | null;
}

/** Tokens the console issues are 47 characters; anything much longer is not one of ours and is not hashed. */
const MAX_TOKEN_LENGTH = 200;

/** The access token of `Authorization: Bearer …` (RFC 6750 section 2.1). */
export function appTokenFrom(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth !== 'string') return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth);
  const token = m?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/**
 * The application whose live token this is, or null: a token that expired, whose application was revoked or
 * expired, or whose secret was rotated out and its overlap ended, is no token at all. One indexed lookup.
 */
export async function appCallerOf(reg: Db, token: string): Promise<AppCaller | null> {
  const now = sql`now()`;
  const [row] = await reg
    .select({
      appId: apiApps.id,
      companyId: apiApps.companyId,
      name: apiApps.name,
      scopes: apiApps.scopes,
      tokenScopes: apiAppTokens.scopes,
      allRobots: apiApps.allRobots,
      robotIds: apiApps.robotIds,
      buildingIds: apiApps.buildingIds,
      ipRanges: apiApps.ipRanges,
      rateLimitPerMinute: apiApps.rateLimitPerMinute,
      expiresAt: apiApps.expiresAt,
    })
    .from(apiAppTokens)
    .innerJoin(apiApps, eq(apiApps.id, apiAppTokens.appId))
    .innerJoin(apiAppSecrets, eq(apiAppSecrets.id, apiAppTokens.secretId))
    .where(
      and(
        eq(apiAppTokens.tokenHash, credentialHash(token)),
        gt(apiAppTokens.expiresAt, now),
        isNull(apiApps.revokedAt),
        or(isNull(apiApps.expiresAt), gt(apiApps.expiresAt, now)),
        or(isNull(apiAppSecrets.expiresAt), gt(apiAppSecrets.expiresAt, now)),
      ),
    );
  if (!row) return null;
  return {
    appId: row.appId,
    companyId: row.companyId,
    name: row.name,
    // A scope taken away since the token was issued is gone from the token too.
    scopes: row.scopes,
    tokenScopes: row.tokenScopes.filter((s) => row.scopes.includes(s)),
    robots: { all: row.allRobots, robotIds: row.robotIds, buildingIds: row.buildingIds },
    ipRanges: row.ipRanges,
    rateLimitPerMinute: row.rateLimitPerMinute,
    expiresAt: row.expiresAt,
  };
}
