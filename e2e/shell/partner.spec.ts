import { expect, test } from '../support/fixtures.js';
import { E2E_PORT } from '../support/ports.js';
import { openUserPopover, screenShown } from '../support/shell.js';

// Issue part 10: a partner host name (PARTNER_HOSTS=partner.localhost) has its own brand and no admin view.
// Chromium resolves every *.localhost name to the loopback address.

const PARTNER = `http://partner.localhost:${E2E_PORT}`;

test("on the partner host name the partner's logo, favicon and product name are used", async ({ page }) => {
  await page.goto(`${PARTNER}/login`);
  await expect(page.getByTestId('product-name')).toHaveText('Partner Robotics');
  await expect(page.getByTestId('product-logo')).toHaveAttribute('src', '/brand/partner-logo.svg');
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', /\/brand\/partner-favicon\.svg$/);
  await expect(page).toHaveTitle(/· Partner Robotics$/);

  // The console's own host name keeps the console's brand.
  await page.goto('/login');
  await expect(page.getByTestId('product-name')).toHaveText('Fleet Console');
  await expect(page.getByTestId('product-logo')).toHaveAttribute('src', '/brand/logo.svg');
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', /\/brand\/favicon\.svg$/);
});

test('on the partner host a super admin gets no single-sign-on row and no request for the SSO config', async ({
  page,
  signedIn,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/opt/v1/sso/')) asked.push(r.url());
  });
  await signedIn('super', { origin: PARTNER });
  await page.goto(`${PARTNER}/robots`);
  await screenShown(page, 'robots');
  await expect(page.getByTestId('header').getByTestId('product-name')).toHaveText('Partner Robotics');
  const popover = await openUserPopover(page);
  await expect(popover.getByTestId('user-role')).toBeVisible();
  await expect(popover.getByTestId('sso-row')).toHaveCount(0);

  // Nor does the settings screen open there.
  await page.goto(`${PARTNER}/sso?type=edit`);
  await expect(page.getByTestId('error-401')).toBeVisible();
  expect(asked).toEqual([]);
});
