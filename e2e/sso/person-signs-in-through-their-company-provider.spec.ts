import { api } from '@fleet/contract';
import type { TestProvider } from '@fleet/sim/oidc';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { activeConfig, startProvider } from './sso-helpers.js';

// Issue 19: a person of Solo Café signs in through Solo Café's own OpenID provider, from the login page to
// /robots; a sign-in cancelled at the provider lands on /login/sso/{id} with words in the person's language.

const DOMAIN = 'solo-sso.test';
let provider: TestProvider;

test.beforeAll(async ({ baseURL }) => {
  provider = await startProvider(baseURL ?? '', [
    { login: 'rosa', email: `rosa@${DOMAIN}`, name: 'Rosa Ruiz', groups: [] },
    { login: 'tester', email: `tester@${DOMAIN}`, name: 'Test Admin', groups: [] },
  ]);
});
test.afterAll(async () => {
  await provider?.close();
});

test.describe.configure({ mode: 'serial' });

test('a new person signs in from the login page through the provider and lands on /robots', async ({
  page,
  api: server,
  baseURL,
}) => {
  const admin = await server.signIn('super', 'Solo Café');
  const config = await activeConfig(server, admin.token, baseURL ?? '', provider, {
    emailDomains: [DOMAIN],
    testLogin: 'tester',
  });
  expect(config.status).toBe('active');

  await page.goto('/login');
  await page.getByTestId('sso-entry').click();
  await expect(page).toHaveURL(/\/login\/sso$/);
  await page.getByTestId('sso-email').fill(`  rosa@${DOMAIN} `);
  await page.getByTestId('sso-continue').click();

  // The provider's own sign-in page, with the address the person typed already filled in.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await expect(page.locator('input[name="login"]')).toHaveValue(`rosa@${DOMAIN}`);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/robots$/);
  await expect(page.getByTestId('screen-robots')).toBeVisible();
  // Signed in as the person the provider vouched for, created just now in Solo Café, with a stored token.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const me = await server.me(token ?? '');
  expect(me).toMatchObject({ email: `rosa@${DOMAIN}`, firstName: 'Rosa', companyName: 'Solo Café' });
  // The ticket was used up on the way: the address kept no trace of it.
  expect(page.url()).not.toContain('ticket');
});

test('a sign-in cancelled at the provider says so in Chinese and offers to try again', async ({
  page,
  api: server,
  baseURL,
}) => {
  const admin = await server.signIn('super', 'Solo Café');
  let config = await server.call(api.getSsoConfig, {}, admin.token);
  if (config?.status !== 'active') {
    config = await activeConfig(server, admin.token, baseURL ?? '', provider, {
      emailDomains: [DOMAIN],
      testLogin: 'tester',
    });
  }
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'zh'));
  await page.goto(`/login/sso/${config?.id}`);
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  // The provider's page has no cancel button of its own: its abort address is what a "Cancel" link opens.
  const uid = new URL(page.url()).pathname.split('/').at(-1);
  await page.goto(`${provider.issuer}/interaction/${uid}/abort`);

  await expect(page).toHaveURL(new RegExp(`/login/sso/${config?.id}\\?error=cancelled$`));
  const failure = page.getByTestId('sso-failure');
  await expect(failure).toHaveAttribute('data-reason', 'cancelled');
  await expect(failure).toContainText(text('zh', 'auth:sso.failure.cancelled.title'));
  await expect(failure).toContainText(text('zh', 'auth:sso.failure.cancelled.hint'));
  // Trying again goes straight back to the provider.
  await page.getByTestId('sso-retry').click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
});
