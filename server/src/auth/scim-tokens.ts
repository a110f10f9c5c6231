import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ssoConfigs } from '../db/schema/index.js';

/**
 * The identity provider behind a SCIM call: the company its token was made for and the people that provider owns
 * (the members whose e-mail domain is one of its domains; no two companies claim a domain).
 */
export interface ScimCaller {
  configId: string;
  companyId: string;
  emailDomains: string[];
  defaultRole: 'admin' | 'staff';
  breakGlassUserIds: string[];
}

/** Tokens the console makes are 49 characters; anything much longer is not one of ours and is not hashed. */
const MAX_TOKEN_LENGTH = 200;

/** The SCIM token of `Authorization: Bearer …` (never the console's `token` header: a session is not a provider). */
export function scimTokenFrom(headers: Record<string, string | string[] | undefined>): string | null {
  const auth = headers.authorization;
  if (typeof auth !== 'string') return null;
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(auth);
  const token = m?.[1];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** What is stored of a SCIM token, and what a presented one is looked up by: its SHA-256, base64url. */
export const scimTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The provider whose token this is, or null. Tokens are stored as their hash only, so the lookup is by hash: a
 * unique index, no comparison of secrets in code.
 */
export async function scimCallerOf(dir: Db, token: string): Promise<ScimCaller | null> {
  const hash = scimTokenHash(token);
  const [row] = await dir
    .select({
      configId: ssoConfigs.id,
      companyId: ssoConfigs.companyId,
      emailDomains: ssoConfigs.emailDomains,
      defaultRole: ssoConfigs.defaultRole,
      breakGlassUserIds: ssoConfigs.breakGlassUserIds,
    })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.scimTokenHash, hash));
  return row ?? null;
}
