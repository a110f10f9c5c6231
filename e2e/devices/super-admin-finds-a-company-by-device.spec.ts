import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { E2E_GATEWAY } from '../support/ports.js';
import { toasts } from '../support/shell.js';

/*
 * SHELL-DEVICE-SEARCH: a super admin supporting a customer types a device's name in the header's company selector
 * and switches into the company that owns it. Solo Café is found by the serial of a robot it registers here (a
 * robot, so Solo Café's menu, which other stories look at, keeps no Devices entry); Acme by its demo call button.
 * The search also asks the device gateway (DEVICE_GATEWAY_URL: this server under another host name, so the browser
 * calls it across origins, as it would a separate gateway host).
 */

const gatewaySearch = (url: string) => url.startsWith(`${E2E_GATEWAY}${api.companyByDeviceName.path}`);

test('the super admin finds Solo Café by a robot serial and Acme by a device name, and switches in one click', async ({
  page,
  signedIn,
  api: client,
}) => {
  const solo = await client.signIn('solo');
  const serial = `SOLO-E2E-${Date.now()}`;
  const made = await client.call(
    api.registerRobot,
    {
      body: {
        name: 'Espresso runner',
        manufacturer: 'solo',
        serialNumber: serial,
        model: 'Mini',
        buildingId: null,
      },
    },
    solo.token,
  );
  try {
    await signedIn('super');
    await page.goto('/robots');
    await page.getByTestId('company-select').click();
    const dropdown = page.getByTestId('company-dropdown');
    await expect(dropdown).toBeVisible();
    await settled(dropdown);
    await dropdown.getByText(text('en', 'shell:company.byDevice')).click();
    const search = dropdown.getByTestId('company-search');
    await expect(search).toHaveAttribute('placeholder', text('en', 'shell:company.searchByDevice'));

    // Trimmed, and part of the name is enough; the gateway is asked too, and answers across origins.
    const gatewayAnswer = page.waitForResponse((r) => gatewaySearch(r.url()));
    await search.fill('  mini-acme-0001  ');
    const answered = await gatewayAnswer;
    expect(answered.status()).toBe(200);
    expect(new URL(answered.url()).searchParams.get('deviceName')).toBe('mini-acme-0001');
    await expect(dropdown.getByTestId('company-option')).toHaveCount(1);
    await expect(dropdown.getByTestId('company-option')).toContainText('Acme Robotics');
    await expect(dropdown.getByTestId('company-devices')).toHaveText('MINI-ACME-0001');
    await expect(dropdown.getByTestId('company-gateway-warning')).toHaveCount(0);

    // An empty box lists the companies again.
    await search.fill('');
    await expect(dropdown.getByTestId('company-option').filter({ hasText: 'Solo Café' })).toBeVisible();
    await expect(dropdown.getByTestId('company-devices')).toHaveCount(0);

    await search.fill(` ${serial.toLowerCase()} `);
    const found = dropdown.getByTestId('company-option');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText('Solo Café');
    await expect(dropdown.getByTestId('company-devices')).toHaveText(serial);
    await found.click();
    await expect(page.getByTestId('company-select')).toContainText('Solo Café');
  } finally {
    await client.call(api.removeRobot, { params: { id: made.robot.id } }, solo.token);
  }
});

test('when the device gateway does not answer, the companies this server found are shown with a warning (zh)', async ({
  page,
  signedIn,
}) => {
  await page.route(
    (url) => gatewaySearch(url.toString()),
    (route) => route.abort('connectionrefused'),
  );
  await signedIn('super', { lng: 'zh' });
  await page.goto('/robots');
  await page.getByTestId('company-select').click();
  const dropdown = page.getByTestId('company-dropdown');
  await expect(dropdown).toBeVisible();
  await settled(dropdown);
  await dropdown.getByText(text('zh', 'shell:company.byDevice')).click();
  const failed = page.waitForEvent('requestfailed', (r) => gatewaySearch(r.url()));
  await dropdown.getByTestId('company-search').fill('MINI-ACME-0001');
  await failed;
  await expect(dropdown.getByTestId('company-gateway-warning')).toHaveText(
    text('zh', 'shell:company.gatewayFailed'),
  );
  await expect(dropdown.getByTestId('company-option')).toHaveCount(1);
  await expect(dropdown.getByTestId('company-option')).toContainText('Acme Robotics');
  // The gateway's failure is said in place, not as an error toast.
  await expect(toasts(page)).toHaveCount(0);
});

test('nobody but a super admin sees the device search', async ({ page, signedIn }) => {
  await signedIn('owner');
  await page.goto('/robots');
  await page.getByTestId('company-select').click();
  const dropdown = page.getByTestId('company-dropdown');
  await expect(dropdown.getByTestId('company-search')).toBeVisible();
  await expect(dropdown.getByTestId('company-search-mode')).toHaveCount(0);
});
