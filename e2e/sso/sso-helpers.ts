import { api, type SsoConfig } from '@fleet/contract';
import { signInAtProvider, startTestProvider, type TestAccount, type TestProvider } from '@fleet/sim/oidc';
import type { ConsoleApi } from '../support/api.js';

export const CLIENT_ID = 'fleet-console-e2e';
export const CLIENT_SECRET = 'fleet-console-e2e-secret';

/**
 * A real OpenID provider (oidc-provider) in the test's process, on a free port of this machine: the console's
 * server reaches it over HTTP for discovery, tokens and keys, and the browser opens its sign-in page.
 */
export function startProvider(baseURL: string, accounts: TestAccount[]): Promise<TestProvider> {
  return startTestProvider({
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`${new URL(baseURL).origin}/opt/v1/sso/*/callback`],
      },
    ],
    accounts,
  });
}

/**
 * The company's configuration, made anew and active: created, its connection test passed through the provider
 * (played without a browser: this story is not about the test), and offered as optional.
 */
export async function activeConfig(
  server: ConsoleApi,
  token: string,
  baseURL: string,
  provider: TestProvider,
  body: { emailDomains: string[]; jit?: boolean; testLogin: string },
): Promise<SsoConfig> {
  const old = await server.call(api.getSsoConfig, {}, token);
  if (old) await server.call(api.deleteSsoConfig, { params: { id: old.id } }, token);
  const created = await server.call(
    api.createSsoConfig,
    {
      body: {
        issuer: provider.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        emailDomains: body.emailDomains,
        jit: body.jit ?? true,
      },
    },
    token,
  );
  const { redirectUrl } = await server.call(api.testSsoConfig, {}, token);
  const callback = await signInAtProvider(redirectUrl, body.testLogin);
  const answer = await fetch(new URL(`${callback.pathname}${callback.search}`, baseURL), {
    redirect: 'manual',
  });
  const landing = answer.headers.get('location') ?? '';
  if (!landing.includes('test=passed')) throw new Error(`the connection test landed on ${landing}`);
  return server.call(
    api.editSsoConfig,
    {
      body: {
        id: created.id,
        issuer: created.issuer,
        clientId: created.clientId,
        emailDomains: created.emailDomains,
        jit: created.jit,
        enforcement: 'optional',
      },
    },
    token,
  );
}
