import { api } from '@fleet/contract';
import type { TestProvider } from '@fleet/sim/oidc';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { openUserPopover, screenShown } from '../support/shell.js';
import { activeConfig, startProvider } from './sso-helpers.js';

// SSO-ROW, SSO-CONFIG-ACCESS: the user popover's single sign-on row, only for a super admin on a domain with the admin view.

const GREEN = 'rgb(82, 196, 26)';
let provider: TestProvider;

test.beforeAll(async ({ baseURL }) => {
  provider = await startProvider(baseURL ?? '', [
    { login: 'hq', email: 'hq@fleet.test', name: 'HQ Tester', groups: [] },
  ]);
});
test.afterAll(async () => {
  await provider?.close();
});

test('a super admin whose company has no configuration sees "uncompleted", leading to /sso?type=create', async ({
  page,
  signedIn,
  api: server,
}) => {
  // Acme West never gets a configuration in these tests.
  const session = await signedIn('super', { company: 'Acme West' });
  expect(await server.call(api.getSsoConfig, {}, session.token)).toBeNull();
  await page.goto('/robots');
  const popover = await openUserPopover(page);
  const row = popover.getByTestId('sso-row');
  await expect(row).toHaveAttribute('data-state', 'uncompleted');
  await expect(row).toHaveText(text('en', 'shell:user.ssoUncompleted'));
  await expect(row.getByText(text('en', 'shell:user.ssoUncompleted'))).not.toHaveCSS('color', GREEN);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/sso\?type=create$/);
  const screen = await screenShown(page, 'sso');
  await expect(screen).toHaveAttribute('data-mode', 'create');
  await expect(page.getByTestId('sso-status')).toHaveAttribute('data-status', 'none');
});

test('with an active configuration the row reads "completed" in green and leads to /sso?type=edit', async ({
  page,
  signedIn,
  api: server,
  baseURL,
}) => {
  const session = await signedIn('super');
  if ((await server.call(api.getSsoConfig, {}, session.token))?.status !== 'active') {
    await activeConfig(server, session.token, baseURL ?? '', provider, {
      emailDomains: ['fleet.test'],
      testLogin: 'hq',
    });
  }
  await page.goto('/robots');
  const popover = await openUserPopover(page);
  const row = popover.getByTestId('sso-row');
  await expect(row).toHaveAttribute('data-state', 'completed');
  await expect(row.getByText(text('en', 'shell:user.ssoCompleted'))).toHaveCSS('color', GREEN);
  await expect(popover.getByText(text('en', 'shell:user.sso'), { exact: true })).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/sso\?type=edit$/);
  await expect(await screenShown(page, 'sso')).toHaveAttribute('data-mode', 'edit');
  await expect(page.getByTestId('sso-status')).toHaveAttribute('data-status', 'active');
});

test('SSO-OPERATOR: with the operator’s provider active, the login page offers its staff their sign-in', async ({
  browser,
  signedIn,
  api: server,
  baseURL,
}) => {
  // Fleet HQ is the console operator's company (SUPER_COMPANY).
  const session = await signedIn('super');
  if ((await server.call(api.getSsoConfig, {}, session.token))?.status !== 'active') {
    await activeConfig(server, session.token, baseURL ?? '', provider, {
      emailDomains: ['fleet.test'],
      testLogin: 'hq',
    });
  }
  // A visitor who is signed in nowhere.
  const visitor = await browser.newPage();
  try {
    await visitor.goto('/login');
    const link = visitor.getByTestId('operator-sso');
    await expect(link).toHaveText(text('en', 'auth:operatorSignIn'));
    await link.click();
    await expect(visitor).toHaveURL(new RegExp(`^${provider.issuer}/`));
  } finally {
    await visitor.close();
  }
});

test('a configuration not tested yet reads "uncompleted" and still leads to editing it', async ({
  page,
  signedIn,
  api: server,
}) => {
  // Acme West's own draft, removed again at the end: its row must read uncompleted in the first test too.
  const session = await signedIn('super', { company: 'Acme West' });
  const draft = await server.call(
    api.createSsoConfig,
    {
      body: {
        issuer: provider.issuer,
        clientId: 'west',
        clientSecret: 's',
        emailDomains: ['west-draft.test'],
      },
    },
    session.token,
  );
  try {
    await page.goto('/robots');
    const row = (await openUserPopover(page)).getByTestId('sso-row');
    await expect(row).toHaveAttribute('data-state', 'uncompleted');
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/\/sso\?type=edit$/);
    await expect(page.getByTestId('sso-status')).toHaveAttribute('data-status', 'draft');
  } finally {
    await server.call(api.deleteSsoConfig, { params: { id: draft.id } }, session.token);
  }
});

for (const account of ['owner', 'admin', 'staff'] as const) {
  test(`the single-sign-on row is never shown to ${account}, whose console never asks for the configuration`, async ({
    page,
    signedIn,
  }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/opt/v1/sso/config')) asked.push(r.url());
    });
    await signedIn(account);
    await page.goto('/robots');
    const popover = await openUserPopover(page);
    await expect(popover.getByTestId('user-role')).toBeVisible();
    await expect(popover.getByTestId('sso-row')).toHaveCount(0);
    await expect(popover.getByText(text('en', 'shell:user.sso'), { exact: true })).toHaveCount(0);
    expect(asked).toEqual([]);
  });
}
