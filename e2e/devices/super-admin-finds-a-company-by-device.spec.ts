import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';

/*
 * SHELL-DEVICE-SEARCH: a super admin supporting a customer types a device's name in the header's company selector
 * and switches into the company that owns it. Solo Café is found by the serial of a robot it registers here (a
 * robot, so Solo Café's menu, which other stories look at, keeps no Devices entry); Acme by its demo call button.
 */

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

    // Trimmed, and part of the name is enough.
    await search.fill('  mini-acme-0001  ');
    await expect(dropdown.getByTestId('company-option')).toHaveCount(1);
    await expect(dropdown.getByTestId('company-option')).toContainText('Acme Robotics');
    await expect(dropdown.getByTestId('company-devices')).toHaveText('MINI-ACME-0001');

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

test('nobody but a super admin sees the device search', async ({ page, signedIn }) => {
  await signedIn('owner');
  await page.goto('/robots');
  await page.getByTestId('company-select').click();
  const dropdown = page.getByTestId('company-dropdown');
  await expect(dropdown.getByTestId('company-search')).toBeVisible();
  await expect(dropdown.getByTestId('company-search-mode')).toHaveCount(0);
});
