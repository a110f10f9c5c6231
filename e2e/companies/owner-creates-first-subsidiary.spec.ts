import { api } from '@fleet/contract';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { createOwnCompany, dialog, unique } from '../support/people-helpers.js';
import { menuItem, screenShown, toast } from '../support/shell.js';

// SHELL-MENU-SUBSIDIARIES shows the Subsidiaries entry only once a company has one, so the first is created from the
// company selector in the header.

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

/** Opens /robots once the subsidiary probe has answered, so an absent entry means "none". */
async function openRobots(page: Page) {
  const probe = page.waitForResponse(`**${api.searchSubsidiaries.path}`);
  await page.goto('/robots');
  await probe;
  await screenShown(page, 'robots');
}

test('an owner whose company has no subsidiary creates the first one from the header; the Subsidiaries entry appears and lists it', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  // A company of this test's own (no demo company changes): it starts without subsidiaries.
  const setup = await consoleApi.signIn('owner');
  const companyName = unique('E2E First Subsidiary Parent');
  await createOwnCompany(consoleApi, setup.token, companyName);
  await signedIn('owner', { company: companyName });
  await openRobots(page);
  await expect(menuItem(page, 'person')).toBeVisible();
  await expect(menuItem(page, 'subsidiaries')).toHaveCount(0);

  await page.getByTestId('company-select').click();
  const entry = page.getByTestId('company-dropdown').getByTestId('company-new-subsidiary');
  await expect(entry).toHaveText(t('shell:company.newSubsidiary'));
  // The dropdown has slid into place: the click lands on the entry, not where it was drawn a frame before.
  await settled(entry);
  await entry.click();
  await expect(page.getByTestId('company-dropdown')).toBeHidden();

  const name = unique('E2E First Subsidiary');
  const form = dialog(page, t('companies:form.createTitle'));
  await form.getByLabel(t('companies:form.name')).fill(name);
  await form.getByTestId('subsidiary-form-submit').click();
  await expect(toast(page, t('companies:form.created', { name }), 'success')).toBeVisible();
  await expect(form).toBeHidden();

  // No reload: the menu's probe was refreshed by the creation, and the list screen opens on it.
  await expect(menuItem(page, 'subsidiaries')).toBeVisible();
  await expect(page).toHaveURL(/\/subsidiaries$/);
  await screenShown(page, 'subsidiaries');
  const rows = page.getByTestId('subsidiaries-table').getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('subsidiaries-table').getByTestId('subsidiary-name')).toHaveText([name]);

  // The header's company list shows it too, marked as a subsidiary.
  await page.getByTestId('company-select').click();
  const option = page.getByTestId('company-dropdown').getByTestId('company-option').filter({ hasText: name });
  await expect(option.getByTestId('subsidiary-tag')).toBeVisible();
});

test('the header entry is offered in Chinese, and cancelling it creates nothing', async ({
  page,
  signedIn,
}) => {
  // Solo Café has no subsidiary; nothing is created here, so it keeps none for the other specs.
  await signedIn('solo', { lng: 'zh' });
  const created: string[] = [];
  page.on('request', (r) => {
    if (
      r.method() === api.createSubsidiary.method &&
      new URL(r.url()).pathname === api.createSubsidiary.path
    ) {
      created.push(r.url());
    }
  });
  await openRobots(page);
  await expect(menuItem(page, 'subsidiaries')).toHaveCount(0);
  await page.getByTestId('company-select').click();
  const entry = page.getByTestId('company-dropdown').getByTestId('company-new-subsidiary');
  await expect(entry).toHaveText(text('zh', 'shell:company.newSubsidiary'));
  await settled(entry);
  await entry.click();
  const form = dialog(page, text('zh', 'companies:form.createTitle'));
  await expect(form.getByLabel(text('zh', 'companies:form.name'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\/robots$/);
  await expect(menuItem(page, 'subsidiaries')).toHaveCount(0);
  expect(created).toEqual([]);
});
