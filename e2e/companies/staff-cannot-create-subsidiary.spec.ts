import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { unique } from '../support/people-helpers.js';
import { menuItem, screenShown } from '../support/shell.js';

// Creating a subsidiary needs companies.manage, which staff do not have: the header offers them nothing,
// whether their company has subsidiaries (Acme) or not (Solo Café), and the server refuses them anyway.

for (const company of ['Acme Robotics', 'Solo Café'] as const) {
  test(`staff in ${company} see no "New subsidiary" entry under the company list`, async ({
    page,
    signedIn,
  }) => {
    await signedIn('staff', { company });
    const rights = page.waitForResponse(`**${api.myPermissions.path}`);
    await page.goto('/robots');
    await rights;
    await screenShown(page, 'robots');
    await page.getByTestId('company-select').click();
    const dropdown = page.getByTestId('company-dropdown');
    await expect(dropdown.getByTestId('company-option').filter({ hasText: company })).toBeVisible();
    await expect(dropdown.getByTestId('company-new-subsidiary')).toHaveCount(0);
  });
}

test('the server refuses a subsidiary created by staff, and an administrator is offered the entry', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  const staff = await consoleApi.signIn('staff');
  const refused = await consoleApi.send(
    api.createSubsidiary,
    { body: { name: unique('E2E Staff Made') } },
    staff.token,
  );
  expect(refused.status).toBe(403);
  expect(refused.body.success).toBe(false);

  await signedIn('admin');
  await page.goto('/robots');
  await expect(menuItem(page, 'subsidiaries')).toBeVisible();
  await page.getByTestId('company-select').click();
  await expect(page.getByTestId('company-dropdown').getByTestId('company-new-subsidiary')).toBeVisible();
});
