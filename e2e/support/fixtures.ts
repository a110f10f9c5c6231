import type { Language } from '@fleet/contract';
import { test as base, type Request } from '@playwright/test';
import type { AccountName } from './accounts.js';
import { type ApiSession, ConsoleApi, type OwnAccount } from './api.js';
import { seedLocalStorage } from './browser-storage.js';

export interface SignInOptions {
  /** Stored as `i18nextLng`; default en. */
  lng?: Language;
  /** The company to be in; default the account's home company. */
  company?: string;
  /** Where the session is stored; default the console's own origin (a partner host is another). */
  origin?: string;
  /** Local-storage values to add, or `null` to leave a key of the normal session out. */
  storage?: Record<string, string | null>;
}

/** A demo account by name, or an account the test made for itself. */
export type SignedIn = (account: AccountName | OwnAccount, options?: SignInOptions) => Promise<ApiSession>;

interface Fixtures {
  api: ConsoleApi;
  /**
   * Signs in through the API and stores the session in the page the way the console does after its own
   * sign-in. Each call opens a session of its own: tests running side by side never revoke each other's.
   */
  signedIn: SignedIn;
  /**
   * Every API answer of 400 or more the page received, every API call that failed without an answer (the
   * console's own 12 s timeout, a connection dropped) or took over SLOW_MS, and those still unanswered at the
   * end, printed when a test fails: a confirmation that stayed open or a toast that never came is then
   * explained by the call behind it.
   */
  apiFailures: string[];
}

/** An API call slower than this is listed when its test fails. */
const SLOW_MS = 3_000;

export const test = base.extend<Fixtures>({
  apiFailures: [
    async ({ page }, use, testInfo) => {
      const failures: string[] = [];
      const started = new Map<Request, number>();
      const api = (request: Request) => new URL(request.url()).pathname.startsWith('/opt/');
      const what = (request: Request, sent: number) =>
        `${request.method()} ${new URL(request.url()).pathname} (sent ${sent - testStart} ms into the test)`;
      const testStart = Date.now();
      page.on('request', (request) => {
        if (api(request)) started.set(request, Date.now());
      });
      page.on('requestfinished', (request) => {
        const sent = started.get(request);
        started.delete(request);
        if (sent !== undefined && Date.now() - sent > SLOW_MS)
          failures.push(`${what(request, sent)} answered after ${Date.now() - sent} ms`);
      });
      page.on('requestfailed', (request) => {
        const sent = started.get(request);
        started.delete(request);
        if (sent !== undefined)
          failures.push(
            `${what(request, sent)} failed after ${Date.now() - sent} ms: ${request.failure()?.errorText}`,
          );
      });
      page.on('response', async (response) => {
        const url = new URL(response.url());
        if (response.status() < 400 || !url.pathname.startsWith('/opt/')) return;
        const body = await response.text().catch(() => '');
        failures.push(
          `${response.request().method()} ${url.pathname} → ${response.status()} ${body.slice(0, 300)}`,
        );
      });
      await use(failures);
      for (const [request, sent] of started)
        failures.push(`${what(request, sent)} still unanswered after ${Date.now() - sent} ms`);
      if (testInfo.status !== testInfo.expectedStatus && failures.length) {
        process.stdout.write(
          `API calls that failed, were slow or went unanswered in "${testInfo.title}":\n  ${failures.join('\n  ')}\n`,
        );
        await testInfo.attach('api-failures', { body: failures.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
  api: async ({ request }, use) => {
    await use(new ConsoleApi(request));
  },
  signedIn: async ({ page, api, baseURL }, use) => {
    await use(async (account, options = {}) => {
      const session = await api.signIn(account, options.company);
      const values: Record<string, string | null> = {
        token: session.token,
        regionInfo: JSON.stringify(session.login.region),
        userInfo: JSON.stringify(session.me),
        loginInfo: JSON.stringify({ loggedIn: true, superAdmin: session.me.isSuperAdmin }),
        i18nextLng: options.lng ?? 'en',
        ...options.storage,
      };
      const kept = Object.fromEntries(
        Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== null),
      );
      await seedLocalStorage(page, options.origin ?? new URL(baseURL ?? '').origin, kept);
      return session;
    });
  },
});

export { expect } from '@playwright/test';
