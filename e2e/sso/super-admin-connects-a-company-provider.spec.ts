import { api } from '@fleet/contract';
import type { TestProvider } from '@fleet/sim/oidc';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { openUserPopover } from '../support/shell.js';
import { CLIENT_ID, CLIENT_SECRET, startProvider } from './sso-helpers.js';

// Issue 19: a super admin connects Acme East to its OpenID provider on /sso, proves the connection with one
// real sign-in, and offers it; requiring it without a break-glass account is refused on its field.

const DOMAIN = 'east-sso.test';
let provider: TestProvider;

test.beforeAll(async ({ baseURL }) => {
  provider = await startProvider(baseURL ?? '', [
    { login: 'ada', email: `ada@${DOMAIN}`, name: 'Ada Lovelace', groups: ['fleet-admins'] },
  ]);
});
test.afterAll(async () => {
  await provider?.close();
});

test('a super admin creates the configuration, tests the connection through the provider and offers it', async ({
  page,
  signedIn,
  api: server,
  baseURL,
}) => {
  const session = await signedIn('super', { company: 'Acme East' });
  const old = await server.call(api.getSsoConfig, {}, session.token);
  if (old) await server.call(api.deleteSsoConfig, { params: { id: old.id } }, session.token);

  await page.goto('/sso?type=create');
  const form = page.getByTestId('sso-form');
  await page.getByTestId('sso-issuer').fill(provider.issuer);
  await page.getByTestId('sso-client-id').fill(CLIENT_ID);
  await page.getByTestId('sso-client-secret').fill(CLIENT_SECRET);
  await page.getByTestId('sso-domains').locator('input').fill(DOMAIN);
  await page.getByTestId('sso-domains').locator('input').press('Enter');
  await page.getByTestId('sso-jit').click();
  await page.getByTestId('sso-add-group').click();
  await form.getByRole('textbox', { name: text('en', 'sso:form.group') }).fill('fleet-admins');
  // Offering it is closed until the connection test passed, and says why.
  await expect(
    page.getByRole('radio', { name: new RegExp(`^${text('en', 'sso:enforcement.optional')}`) }),
  ).toBeDisabled();
  await expect(page.getByTestId('sso-policy')).toContainText(text('en', 'sso:form.policyUntested'));
  await page.getByTestId('sso-save').click();

  await expect(page).toHaveURL(/\/sso\?type=edit$/);
  const status = page.getByTestId('sso-status');
  await expect(status).toHaveAttribute('data-status', 'draft');
  const config = await server.call(api.getSsoConfig, {}, session.token);
  expect(config).toMatchObject({
    issuer: provider.issuer,
    emailDomains: [DOMAIN],
    jit: true,
    hasClientSecret: true,
  });
  await expect(page.getByTestId('sso-redirect-uri')).toHaveText(
    `${new URL(baseURL ?? '').origin}/opt/v1/sso/${config?.id}/callback`,
  );

  // The connection test is one real sign-in at the provider, which sends the browser back to /sso.
  await page.getByTestId('sso-test').click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.locator('input[name="login"]').fill('ada');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/sso\?type=edit&test=passed$/);
  await expect(page.getByTestId('sso-test-result')).toHaveAttribute('data-result', 'passed');
  await expect(status).toHaveAttribute('data-status', 'tested');

  await page.getByRole('radio', { name: new RegExp(`^${text('en', 'sso:enforcement.optional')}`) }).check();
  await page.getByTestId('sso-save').click();
  await expect(status).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('sso-status-tag')).toHaveText(text('en', 'sso:status.active'));
  // The header's row reads completed once the configuration is active.
  const row = (await openUserPopover(page)).getByTestId('sso-row');
  await expect(row).toHaveAttribute('data-state', 'completed');
  await page.keyboard.press('Escape');

  // Required without a break-glass account is refused on that field, and nothing changes.
  await page.getByRole('radio', { name: new RegExp(`^${text('en', 'sso:enforcement.required')}`) }).check();
  await page.getByTestId('sso-save').click();
  await expect(page.getByTestId('sso-policy')).toContainText(text('en', 'errors:refusals.breakGlassNeeded'));
  expect((await server.call(api.getSsoConfig, {}, session.token))?.enforcement).toBe('optional');
});
