import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { dialog, fieldError, unique } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

test('the owner creates a subsidiary (a blank name is refused on the field), renames it and switches into it', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  const name = unique('Acme North');
  const renamed = unique('Acme Nord');
  await page.goto('/subsidiaries');
  await page.getByTestId('subsidiary-create').click();
  const form = dialog(page, t('companies:form.createTitle'));
  const field = form.getByLabel(t('companies:form.name'));
  await field.fill('   ');
  await form.getByTestId('subsidiary-form-submit').click();
  await expect(fieldError(page, 'subsidiary-form', 'name')).toHaveText(t('errors:validation.required'));

  await field.fill(name);
  await form.getByTestId('subsidiary-form-submit').click();
  await expect(toast(page, t('companies:form.created', { name }), 'success')).toBeVisible();
  await page.getByTestId('subsidiaries-search').fill(name);
  const row = page.getByTestId('subsidiaries-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('US');
  // Created for the owner of Acme, who is therefore its one member.
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  await row.getByTestId('subsidiary-rename').click();
  const rename = dialog(page, t('companies:form.renameTitle', { name }));
  await rename.getByLabel(t('companies:form.name')).fill(renamed);
  await rename.getByTestId('subsidiary-form-submit').click();
  await expect(toast(page, t('companies:form.renamed', { name: renamed }), 'success')).toBeVisible();
  await page.getByTestId('subsidiaries-search').fill(renamed);
  const renamedRow = page.getByTestId('subsidiaries-table').getByRole('row').filter({ hasText: renamed });
  await expect(renamedRow).toHaveCount(1);

  await renamedRow.getByTestId('subsidiary-switch').click();
  await expect(page.getByTestId('company-select')).toContainText(renamed);
});

test('staff of the parent see its subsidiaries but may neither create, rename nor enter them', async ({
  page,
  signedIn,
}) => {
  await signedIn('staff');
  await page.goto('/subsidiaries');
  const east = page.getByTestId('subsidiaries-table').getByRole('row').filter({ hasText: 'Acme East' });
  await expect(east).toHaveCount(1);
  await expect(page.getByTestId('subsidiary-create')).toBeDisabled();
  await expect(page.getByTestId('subsidiary-rename')).toHaveCount(0);
  await expect(east.getByTestId('subsidiary-switch')).toBeDisabled();
});

test('an administrator of the parent creates a subsidiary', async ({ page, signedIn }) => {
  await signedIn('admin');
  const name = unique('Acme Admin Made');
  await page.goto('/subsidiaries');
  await page.getByTestId('subsidiary-create').click();
  const form = dialog(page, t('companies:form.createTitle'));
  await form.getByLabel(t('companies:form.name')).fill(name);
  await form.getByTestId('subsidiary-form-submit').click();
  await expect(toast(page, t('companies:form.created', { name }), 'success')).toBeVisible();
  await page.getByTestId('subsidiaries-search').fill(name);
  await expect(page.getByTestId('subsidiaries-table').getByRole('row').filter({ hasText: name })).toHaveCount(
    1,
  );
});
