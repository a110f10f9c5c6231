import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { chooseOption, createRole, dialog, fieldError, unique } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);
const cell = (area: string, level: string) =>
  t('roles:matrix.cell', { area: t(`permissions.areas.${area}`), level: t(`permissions.levels.${level}`) });

test('the owner creates a role from the permission matrix and the audit log shows who did it', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  const name = unique('Auditors');
  await page.goto('/role');
  await page.getByTestId('role-create').click();
  const form = dialog(page, t('roles:form.createTitle'));
  await form.getByLabel(t('roles:form.name')).fill(name);
  await form.getByLabel(t('roles:form.description')).fill('Read the log');
  await form.getByTestId('perm-audit.read').check();
  await form.getByTestId('perm-robots.operate').check();
  // Analysis is read or managed (its calendars, targets and reports), never operated: the matrix offers no such box.
  await expect(form.getByTestId('perm-analysis.manage')).toHaveCount(1);
  await expect(form.getByTestId('perm-analysis.operate')).toHaveCount(0);
  await form.getByTestId('role-form-submit').click();
  await expect(toast(page, t('roles:form.created', { name }), 'success')).toBeVisible();

  const row = page.getByTestId('roles-table').getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(cell('audit', 'read'));
  await expect(row).toContainText(cell('robots', 'operate'));
  await expect(row).toContainText(t('roles:noHolders'));

  await page.getByRole('tab', { name: t('roles:tabs.audit') }).click();
  await chooseOption(page, page.getByTestId('audit-action-filter'), t('audit:actions.role.create'));
  const entry = page.getByTestId('audit-table').getByRole('row').filter({ hasText: name }).first();
  await expect(entry).toContainText('Olivia Owens');
  await expect(entry.getByTestId('audit-action')).toHaveText(t('audit:actions.role.create'));
  await expect(entry).toContainText(t('audit:target.role', { name }));
  await expect(entry.getByTestId('audit-details')).toContainText(cell('audit', 'read'));
  // The filter by person keeps the owner's own changes.
  await chooseOption(page, page.getByTestId('audit-person-filter'), 'owner@acme.test');
  await expect(page.getByTestId('audit-table').getByRole('row').filter({ hasText: name })).not.toHaveCount(0);
});

test('a role name already used in the company is refused on the name field', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const owner = await signedIn('owner');
  const name = unique('Taken');
  await createRole(consoleApi, owner.token, name, []);
  await page.goto('/role');
  await page.getByTestId('role-create').click();
  const form = dialog(page, t('roles:form.createTitle'));
  await form.getByLabel(t('roles:form.name')).fill(name);
  await form.getByTestId('role-form-submit').click();
  await expect(fieldError(page, 'role-form', 'name')).toHaveText(t('roles:form.nameTaken'));
});

test('the owner edits a role’s permissions and deletes it after confirming', async ({
  page,
  api: consoleApi,
  signedIn,
}) => {
  const owner = await signedIn('owner');
  const name = unique('Temporary');
  await createRole(consoleApi, owner.token, name, ['people.read']);
  await page.goto('/role');
  const row = page.getByTestId('roles-table').getByRole('row').filter({ hasText: name });
  await row.getByTestId('role-edit').click();
  const form = dialog(page, t('roles:form.editTitle', { name }));
  // A click while the dialog still zooms in can land beside the checkbox (a full run's retry).
  await settled(form.getByTestId('perm-people.read'));
  await form.getByTestId('perm-people.read').uncheck();
  await form.getByTestId('perm-lifts.operate').check();
  await form.getByTestId('role-form-submit').click();
  await expect(toast(page, t('roles:form.saved', { name }), 'success')).toBeVisible();
  await expect(row).toContainText(cell('lifts', 'operate'));
  await expect(row).not.toContainText(cell('people', 'read'));

  await row.getByTestId('role-delete').click();
  const ok = page.getByRole('tooltip').getByRole('button', { name: t('roles:delete.ok') });
  await settled(ok);
  await ok.click();
  await expect(toast(page, t('roles:delete.done', { name }), 'success')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an administrator reads the roles and the audit log but cannot change roles', async ({
  page,
  signedIn,
}) => {
  await signedIn('admin');
  await page.goto('/role');
  await expect(page.getByTestId('roles-read-only')).toHaveText(t('access.denied.rolesManage'));
  await expect(page.getByTestId('role-create')).toHaveCount(0);
  await page.getByRole('tab', { name: t('roles:tabs.audit') }).click();
  await expect(page.getByTestId('audit-table')).toBeVisible();
});
