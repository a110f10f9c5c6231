import { readFileSync } from 'node:fs';
import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { findPersonRow, uniqueEmail } from '../support/people-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

test('staff see the people of the company without any way to change them', async ({ page, signedIn }) => {
  await signedIn('staff');
  await page.goto('/person');
  const row = await findPersonRow(page, 'owner@acme.test');
  await expect(row.getByTestId('person-role')).toHaveText(t('roles.owner'));
  await expect(page.getByTestId('people-export')).toBeVisible();
  await expect(page.getByTestId('person-add')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: t('people:columns.actions') })).toHaveCount(0);
  await expect(page.getByTestId('person-edit')).toHaveCount(0);
  await expect(page.getByTestId('person-remove')).toHaveCount(0);
  await expect(page.getByTestId('person-robots')).toHaveCount(0);
});

test('staff export the people as a CSV file named by the server', async ({ page, signedIn }) => {
  await signedIn('staff');
  await page.goto('/person');
  await page.getByTestId('people-role-filter').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: t('roles.owner') })
    .click();
  const download = page.waitForEvent('download');
  await page.getByTestId('people-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv).toContain('owner@acme.test');
  expect(csv).not.toContain('staff@acme.test');
});

test('staff read the roles without changing them, and have no audit log tab', async ({ page, signedIn }) => {
  await signedIn('staff');
  await page.goto('/role');
  await expect(page.getByTestId('built-in-roles')).toBeVisible();
  await expect(page.getByTestId('roles-read-only')).toHaveText(t('access.denied.rolesManage'));
  await expect(page.getByRole('tab', { name: t('roles:tabs.roles') })).toBeVisible();
  await expect(page.getByRole('tab', { name: t('roles:tabs.audit') })).toHaveCount(0);
  await expect(page.getByTestId('role-create')).toHaveCount(0);
  await expect(page.getByTestId('role-edit')).toHaveCount(0);
  await expect(page.getByTestId('role-delete')).toHaveCount(0);
  // Asking for the audit tab by its address shows the roles instead.
  await page.goto('/role?tab=audit');
  await expect(page.getByTestId('roles-table')).toBeVisible();
  await expect(page.getByTestId('audit-table')).toHaveCount(0);
});

test('the server refuses staff whatever the client sends', async ({ api: consoleApi, signedIn }) => {
  const staff = await signedIn('staff');
  const add = await consoleApi.send(
    api.createPerson,
    { body: { firstName: 'No', lastName: 'Way', email: uniqueEmail('refused') } },
    staff.token,
  );
  expect(add.status).toBe(403);
  const audit = await consoleApi.send(
    api.searchAudit,
    { body: { pageIndex: 1, pageLength: 1 } },
    staff.token,
  );
  expect(audit.status).toBe(403);
});
