import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sessionId: string;
  userId: string;
  companyId: string;
}

const ISSUER = 'fleet-console';
/** Hard ceiling; the session row's idle time ends most sessions long before. */
const MAX_AGE = '30d';

export interface Tokens {
  sign(claims: TokenClaims): Promise<string>;
  /** Null for anything that is not a token we signed. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Tokens whose signature was checked are remembered (up to this many), so a busy browser's is checked once. */
const REMEMBERED = 10_000;

export function createTokens(raw: Uint8Array): Tokens {
  // Imported once: handing jose raw bytes would re-import the HMAC key on every verification.
  const secret = createSecretKey(raw);
  // A token is its own proof: once its signature checked out, only its expiry can change the answer. The session it
  // names is checked on every request all the same (loadSession).
  const checked = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const verify = async (token: string): Promise<TokenClaims | null> => {
    try {
      const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
      if (
        typeof payload.jti !== 'string' ||
        typeof payload.sub !== 'string' ||
        typeof payload.cid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      const claims = { sessionId: payload.jti, userId: payload.sub, companyId: payload.cid };
      if (checked.size >= REMEMBERED) checked.clear();
      checked.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  };
  return {
    sign: (c) =>
      new SignJWT({ cid: c.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(c.sessionId)
        .setSubject(c.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(MAX_AGE)
        .sign(secret),
    verify: async (token) => {
      const known = checked.get(token);
      if (known && Date.now() < known.expiresAt) return known.claims;
      return verify(token);
    },
  };
}

/** The `token` header, or `Authorization: Bearer …`. */
export function tokenFrom(headers: Record<string, string | string[] | undefined>): string | null {
  const direct = headers.token;
  if (typeof direct === 'string' && direct) return direct;
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(.+)$/i.exec(auth);
    if (m?.[1]) return m[1];
  }
  return null;
}
