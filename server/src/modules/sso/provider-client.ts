import * as oidc from 'openid-client';

/** What the console needs of a configuration to talk to its provider. */
export interface ProviderConnection {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes whenever the configuration does: a cached discovery is used only for the same version. */
  version: string;
}

/** The provider could not be reached, or its discovery document is not usable. */
export class ProviderUnreachable extends Error {}

/** How long a discovered provider is kept before it is asked again (its signing keys are cached with it). */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** Seconds each call to a provider may take. */
const PROVIDER_TIMEOUT_S = 10;

/**
 * Plain http is allowed for a provider on this machine only (the test provider, a local Keycloak): anywhere
 * else the tokens would cross the network unencrypted.
 */
export function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The discovered providers, one per configuration version, so a sign-in costs no discovery and no key fetch:
 * only the code exchange (and userinfo) at the provider.
 */
export class ProviderClients {
  readonly #cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  async configurationFor(c: ProviderConnection): Promise<oidc.Configuration> {
    const key = `${c.id}:${c.version}`;
    const hit = this.#cache.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    for (const k of this.#cache.keys()) if (k.startsWith(`${c.id}:`)) this.#cache.delete(k);
    const config = this.#discover(c);
    this.#cache.set(key, { at: Date.now(), config });
    // A failed discovery is not kept: the next sign-in asks again.
    config.catch(() => this.#cache.delete(key));
    return config;
  }

  async #discover(c: ProviderConnection): Promise<oidc.Configuration> {
    const issuer = new URL(c.issuer);
    const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
    try {
      return await oidc.discovery(issuer, c.clientId, undefined, oidc.ClientSecretBasic(c.clientSecret), {
        timeout: PROVIDER_TIMEOUT_S,
        // The ID token's signature is checked against the provider's published keys even though it arrives
        // straight from the token endpoint: TLS alone would vouch for it otherwise (OIDC Core 3.1.3.7).
        execute: insecure
          ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks]
          : [oidc.enableNonRepudiationChecks],
      });
    } catch (error) {
      throw new ProviderUnreachable(error instanceof Error ? error.message : String(error));
    }
  }

  forget(configId: string): void {
    for (const k of this.#cache.keys()) if (k.startsWith(`${configId}:`)) this.#cache.delete(k);
  }
}
