import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { openUserPopover, screenShown } from '../support/shell.js';

// SSO-ROW, SSO-CONFIG-ACCESS: the user popover's single sign-on row, only for a super admin on a domain with the admin view.

const SSO_CONFIG = {
  issuer: 'https://id.fleet.test',
  clientId: 'console',
  clientSecret: 's',
  emailDomains: ['fleet.test'],
};
const GREEN = 'rgb(82, 196, 26)';

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
  await expect(await screenShown(page, 'sso')).toContainText(text('en', 'sso:create.empty.title'));
});

test('with a configuration the row reads "completed" in green and leads to /sso?type=edit', async ({
  page,
  signedIn,
  api: server,
}) => {
  const session = await signedIn('super');
  if (!(await server.call(api.getSsoConfig, {}, session.token))) {
    await server.call(api.createSsoConfig, { body: SSO_CONFIG }, session.token);
  }
  await page.goto('/robots');
  const popover = await openUserPopover(page);
  const row = popover.getByTestId('sso-row');
  await expect(row).toHaveAttribute('data-state', 'completed');
  await expect(row.getByText(text('en', 'shell:user.ssoCompleted'))).toHaveCSS('color', GREEN);
  await expect(popover.getByText(text('en', 'shell:user.sso'), { exact: true })).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/sso\?type=edit$/);
  await expect(await screenShown(page, 'sso')).toContainText(text('en', 'sso:edit.empty.title'));
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
