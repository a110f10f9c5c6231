import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** A person at the test provider: `login` is what they type on its sign-in page. */
export interface TestAccount {
  login: string;
  email: string;
  emailVerified?: boolean;
  name: string;
  groups: string[];
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/**
 * What the provider does wrong on purpose to the next ID tokens it issues, so the console's checks can be
 * seen to refuse them: another audience, another issuer, an expired token, a foreign signing key, a wrong nonce.
 */
export interface Tampering {
  audience?: string;
  issuer?: string;
  expired?: boolean;
  foreignKey?: boolean;
  nonce?: string;
}

export interface TestProviderOptions {
  /** 0 (a free port) unless given. */
  port?: number;
  host?: string;
  clients: TestClient[];
  accounts: TestAccount[];
  /**
   * Off unless given: called after the provider answered each request, with its path, the time it spent on it
   * (ms) and the account it concerned, if any (benches subtract the provider's own time from the console's).
   */
  onRequest?(path: string, ms: number, accountId: string | undefined): void;
}

export interface TestProvider {
  issuer: string;
  /** Adds or replaces an account (its groups change the next time it signs in). */
  setAccount(account: TestAccount): void;
  removeAccount(login: string): void;
  /** Applies to ID tokens issued from now on; `null` stops tampering. */
  tamper(with_: Tampering | null): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (panva's `oidc-provider`, OpenID Certified) for tests, benches and trying single
 * sign-on locally: Authorization Code with PKCE, signed ID tokens, userinfo, and its development sign-in page
 * where any password is accepted for a known login. Consent is granted without asking, as a company's own
 * provider does for its own applications.
 */
export async function startTestProvider(opts: TestProviderOptions): Promise<TestProvider> {
  const accounts = new Map(opts.accounts.map((a) => [a.login, a]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let tampering: Tampering | null = null;

  const host = opts.host ?? '127.0.0.1';
  // The issuer must be known before the provider exists: take a free port first when none is given.
  const port = opts.port || (await freePort(host));
  const issuer = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;

  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    // Redirect URIs on plain http (the console on localhost) are fine here.
    clientBasedCORS: () => true,
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // Groups come with the profile, as Entra ID and Keycloak's group mapper send them without a scope of their
      // own; asking for the `groups` scope works too.
      profile: ['name', 'groups'],
      groups: ['groups'],
    },
    // Most company providers put the person's claims in the ID token too.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    // The sign-in page takes a login or its e-mail (the console passes the e-mail as login_hint, which the page
    // fills in); either way the subject is the login, as a real provider's is one stable id per person.
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? [...accounts.values()].find((a) => a.email === id.toLowerCase());
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: account.login,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            name: account.name,
            groups: account.groups,
          };
        },
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { provider, session, client } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
    ttl: { Session: 60, Interaction: 600, Grant: 600 },
  };
  const provider = new Provider(issuer, configuration);
  // A registered redirect URI may hold `*` for one path segment (the console's callback carries its
  // configuration's id, unknown when the provider starts); anything else must match exactly, as usual.
  const proto = provider.Client.prototype as unknown as {
    redirectUris: string[];
    redirectUriAllowed(value: string): boolean;
  };
  proto.redirectUriAllowed = function allowed(value: string) {
    return this.redirectUris.some((pattern) =>
      pattern.includes('*') ? segmentPattern(pattern).test(value) : pattern === value,
    );
  };
  const { onRequest } = opts;
  if (onRequest) {
    provider.use(async (ctx, next) => {
      const started = performance.now();
      await next();
      onRequest(ctx.path, performance.now() - started, ctx.oidc?.entities.Account?.accountId);
    });
  }
  // Tampering, when asked for, rewrites the ID token of the token endpoint's answer.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && tampering && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as { id_token?: string };
      if (body.id_token) body.id_token = await retamper(body.id_token, tampering);
    }
  });

  async function retamper(idToken: string, t: Tampering): Promise<string> {
    const claims: JWTPayload = { ...decodeJwt(idToken) };
    if (t.audience) claims.aud = t.audience;
    if (t.issuer) claims.iss = t.issuer;
    if (t.nonce) claims.nonce = t.nonce;
    if (t.expired) {
      claims.iat = Math.floor(Date.now() / 1000) - 7200;
      claims.exp = Math.floor(Date.now() / 1000) - 3600;
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(t.foreignKey ? foreign.privateKey : privateKey);
  }

  const server = provider.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  return {
    issuer,
    setAccount: (a) => void accounts.set(a.login, a),
    removeAccount: (login) => void accounts.delete(login),
    tamper: (t) => {
      tampering = t;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function segmentPattern(pattern: string): RegExp {
  const parts = pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/?#]+')}$`);
}

async function freePort(host: string): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
