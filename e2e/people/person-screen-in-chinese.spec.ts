import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { findPersonRow } from '../support/people-helpers.js';

const zh = (key: string, values?: Record<string, string | number>) => text('zh', key, values);

test('the personnel screen reads in Chinese: title, columns, roles, actions and dates', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner', { lng: 'zh' });
  await page.goto('/person');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('routes.person'));
  for (const column of ['name', 'email', 'phone', 'role', 'customRoles', 'robots', 'lastSignIn', 'actions']) {
    await expect(
      page.getByRole('columnheader', { name: zh(`people:columns.${column}`), exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByTestId('person-add')).toHaveText(zh('people:toolbar.add'));
  await expect(page.getByTestId('people-export')).toHaveText(zh('people:toolbar.export'));

  // The owner signed in a moment ago: the last sign-in reads as a Chinese relative time.
  const owner = await findPersonRow(page, 'owner@acme.test');
  await expect(owner.getByTestId('person-role')).toHaveText(zh('roles.owner'));
  await expect(owner.locator('time')).toHaveText(/前|内/);
  await expect(owner.getByTestId('person-edit')).toHaveText(zh('people:actions.edit'));
});
