import type { SsoRow } from './repo.js';

export interface ProviderPerson {
  subject: string;
  /** Lower-cased; empty when the provider sent none. */
  email: string;
  /** As the provider said; undefined when it did not say (some providers never send it). */
  emailVerified: boolean | undefined;
  name: string;
  groups: string[];
}

/** A claim by its name, or by a dotted path into nested claims (Keycloak's `realm_access.roles`). */
function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let at: unknown = claims;
  for (const part of name.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** The person the provider vouches for, read through the configuration's claim names. */
export function readPerson(
  claims: Record<string, unknown>,
  row: Pick<SsoRow, 'emailClaim' | 'nameClaim' | 'groupsClaim'>,
): ProviderPerson {
  const email = claimAt(claims, row.emailClaim);
  const name = claimAt(claims, row.nameClaim);
  const groups = claimAt(claims, row.groupsClaim);
  const verified = claims.email_verified;
  return {
    subject: String(claims.sub ?? ''),
    email: typeof email === 'string' ? email.trim().toLowerCase() : '',
    emailVerified:
      typeof verified === 'boolean'
        ? verified
        : verified === 'true'
          ? true
          : verified === 'false'
            ? false
            : undefined,
    name: typeof name === 'string' ? name : '',
    groups: Array.isArray(groups)
      ? groups.filter((g): g is string => typeof g === 'string')
      : typeof groups === 'string'
        ? [groups]
        : [],
  };
}
