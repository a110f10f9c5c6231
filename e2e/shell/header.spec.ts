import { api } from '@fleet/contract';
import type { Page } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { localStorageOf, markDocument, reloaded, storedItem } from '../support/browser-storage.js';
import { expect, test } from '../support/fixtures.js';
import { buttonText, text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { E2E_REGIONS } from '../support/ports.js';
import { chooseLanguage, menuItem, openUserPopover, screenShown, toast } from '../support/shell.js';

// SHELL-HEADER-LINKS, SHELL-HEADER-REGION, SHELL-HEADER-COMPANY, SHELL-HEADER-LANGUAGE, SHELL-USER-CARD: document links, region, company, language, and the user popover.

async function openCompanyDropdown(page: Page) {
  await page.getByTestId('company-select').click();
  const dropdown = page.getByTestId('company-dropdown');
  await expect(dropdown).toBeVisible();
  // The list is in (not the spinner) and the dropdown has slid into place: a choice lands on what it aims at.
  await expect(dropdown.getByTestId('company-option').first()).toBeVisible();
  await settled(dropdown);
  return dropdown;
}

test('the usage and service document links open the user guide and the terms of service served by the server', async ({
  page,
  signedIn,
}) => {
  await signedIn('admin');
  await page.goto('/robots');
  for (const [testId, path, heading] of [
    ['usage-doc-link', '/docs/user-guide', 'Fleet Console user guide'],
    ['service-doc-link', '/docs/terms', 'Terms of service'],
  ] as const) {
    const link = page.getByTestId(testId);
    await expect(link).toHaveText(
      text('en', `shell:header.${testId === 'usage-doc-link' ? 'usageDoc' : 'serviceDoc'}`),
    );
    const opened = page.context().waitForEvent('page');
    await link.click();
    const doc = await opened;
    await expect(doc).toHaveURL(new RegExp(`${path}(\\?|$)`));
    await expect(doc.getByRole('heading', { level: 1 })).toHaveText(heading);
    await doc.close();
  }
});

test('in Chinese the document links open the Chinese user guide and terms', async ({ page, signedIn }) => {
  await signedIn('admin', { lng: 'zh' });
  await page.goto('/robots');
  await expect(page.getByTestId('usage-doc-link')).toHaveText(text('zh', 'shell:header.usageDoc'));
  for (const [testId, heading] of [
    ['usage-doc-link', '车队控制台使用指南'],
    ['service-doc-link', '服务条款'],
  ] as const) {
    const opened = page.context().waitForEvent('page');
    await page.getByTestId(testId).click();
    const doc = await opened;
    await expect(doc.getByRole('heading', { level: 1 })).toHaveText(heading);
    await doc.close();
  }
});

test('the region selector lists the regions of common/regions; choosing one stores regionInfo and reloads', async ({
  page,
  signedIn,
  api: server,
}) => {
  await signedIn('admin');
  const regions = await server.call(api.regions);
  expect(regions).toEqual(E2E_REGIONS);
  await page.goto('/robots');
  await screenShown(page, 'robots');
  const select = page.getByTestId('region-select');
  await expect(select).toContainText('United States');
  await select.click();
  await expect(page.getByTestId('region-select-option')).toHaveText(regions.map((r) => r.label));

  await markDocument(page);
  const europe = page.getByTestId('region-select-option').filter({ hasText: 'Europe' });
  await settled(europe);
  await europe.click();
  await expect.poll(() => reloaded(page)).toBe(true);
  await screenShown(page, 'robots');
  expect(JSON.parse((await storedItem(page, 'regionInfo')) ?? 'null')).toEqual(regions[1]);
  await expect(page.getByTestId('region-select')).toContainText('Europe');
});

test('the company selector searches inside its dropdown by company name, trimmed, 300 ms after typing stops', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  await page.goto('/robots');
  const dropdown = await openCompanyDropdown(page);
  await expect(dropdown.getByTestId('company-option').filter({ hasText: 'Acme Robotics' })).toBeVisible();

  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/opt/admin/company/list-ones-companies') {
      searches.push(url.searchParams.get('companyName') ?? '');
    }
  });
  const search = dropdown.getByTestId('company-search');
  await expect(search).toBeFocused();
  const request = page.waitForRequest(
    (r) => new URL(r.url()).searchParams.get('companyName') === 'acme east',
  );
  // Typed by the page's own clock, a character every 40 ms, so a busy test machine cannot stretch the pauses
  // between keys past the debounce. Returns when the trimmed name last changed.
  const lastChange = await search.evaluate(async (input, typed) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    let changedAt = 0;
    for (let i = 1; i <= typed.length; i++) {
      const before = (input as HTMLInputElement).value.trim();
      setValue?.call(input, typed.slice(0, i));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      if (typed.slice(0, i).trim() !== before) changedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    return changedAt;
  }, '  acme east  ');
  const sent = await request;
  await sent.response();
  await expect(dropdown.getByTestId('company-option')).toHaveCount(1);
  await expect(dropdown.getByTestId('company-option')).toContainText('Acme East');
  expect(sent.timing().startTime).toBeGreaterThanOrEqual(lastChange + 290);
  // One search for the whole name, never one per key, and never with the spaces.
  expect(searches).toEqual(['acme east']);
  for (const name of searches) expect(name).toBe(name.trim());
});

test('an empty company search resets the list', async ({ page, signedIn }) => {
  await signedIn('owner');
  await page.goto('/robots');
  const dropdown = await openCompanyDropdown(page);
  const options = dropdown.getByTestId('company-option');
  await expect(options.filter({ hasText: 'Acme Robotics' })).toBeVisible();
  // Other specs may add subsidiaries of Acme: the full list is whatever it was when the dropdown opened.
  const all = await options.allTextContents();
  expect(all.length).toBeGreaterThanOrEqual(3);
  const search = dropdown.getByTestId('company-search');
  await search.fill('West');
  await expect(options).toHaveText([/^Acme West/]);
  await search.fill('   ');
  await expect(options).toHaveText(all);
  await search.fill('West');
  await expect(options).toHaveText([/^Acme West/]);
  await search.fill('');
  await expect(options).toHaveText(all);
});

test('subsidiaries are marked in the company list', async ({ page, signedIn }) => {
  await signedIn('owner');
  await page.goto('/robots');
  const dropdown = await openCompanyDropdown(page);
  const option = (name: string) => dropdown.getByTestId('company-option').filter({ hasText: name });
  await expect(option('Acme East').getByTestId('subsidiary-tag')).toHaveText(
    text('en', 'shell:company.subsidiary'),
  );
  await expect(option('Acme West').getByTestId('subsidiary-tag')).toBeVisible();
  await expect(option('Acme Robotics')).toBeVisible();
  await expect(option('Acme Robotics').getByTestId('subsidiary-tag')).toHaveCount(0);
});

for (const lng of ['en', 'zh'] as const) {
  test(`a company search without a match shows 暂无数据 (${lng})`, async ({ page, signedIn }) => {
    await signedIn('staff', { lng });
    await page.goto('/robots');
    const dropdown = await openCompanyDropdown(page);
    await dropdown.getByTestId('company-search').fill('no such company');
    await expect(dropdown.locator('.ant-empty-description')).toHaveText('暂无数据');
    await expect(dropdown.getByTestId('company-option')).toHaveCount(0);
  });
}

test('switching company re-logs in with the token and the chosen companyId, stores the new token, toasts success and reloads into it', async ({
  page,
  signedIn,
  api: server,
}) => {
  const session = await signedIn('owner');
  await page.goto('/robots');
  await expect(page.getByTestId('company-select')).toContainText('Acme Robotics');
  const east = (await server.companies(session.token)).find((c) => c.name === 'Acme East');
  const dropdown = await openCompanyDropdown(page);

  await markDocument(page);
  const relogin = page.waitForRequest((r) => r.url().endsWith('/opt/v1/user/login') && r.method() === 'POST');
  await dropdown.getByTestId('company-option').filter({ hasText: 'Acme East' }).click();
  expect((await relogin).postDataJSON()).toEqual({ token: session.token, companyId: east?.id });

  await expect.poll(() => reloaded(page)).toBe(true);
  await expect(toast(page, text('en', 'success'), 'success')).toBeVisible();
  await expect(page.getByTestId('company-select')).toContainText('Acme East');
  const token = await storedItem(page, 'token');
  expect(token).toBeTruthy();
  expect(token).not.toBe(session.token);
  expect((await server.me(token ?? '')).companyName).toBe('Acme East');
  // The old token was replaced, not kept as a second way in.
  expect((await server.send(api.me, {}, session.token)).status).toBe(401);
  // Acme East has no mini devices and no subsidiaries of its own.
  await expect(menuItem(page, 'robots')).toBeVisible();
  await expect(menuItem(page, 'device')).toHaveCount(0);
});

test('the language selector offers zh and en, stores i18nextLng and switches the texts', async ({
  page,
  signedIn,
}) => {
  await signedIn('admin');
  await page.goto('/robots');
  await expect(menuItem(page, 'robots')).toHaveText(text('en', 'routes.robots'));
  await page.getByTestId('language-select').click();
  await expect(page.getByTestId('language-select-option')).toHaveText(['English', '中文']);
  const chinese = page.getByTestId('language-select-option').filter({ hasText: '中文' });
  await settled(chinese);
  await chinese.click();
  await expect(menuItem(page, 'robots')).toHaveText(text('zh', 'routes.robots'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('zh', 'routes.robots'));
  expect(await storedItem(page, 'i18nextLng')).toBe('zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  await page.reload();
  await expect(menuItem(page, 'person')).toHaveText(text('zh', 'routes.person'));
  await page.getByTestId('language-select').click();
  const english = page.getByTestId('language-select-option').filter({ hasText: 'English' });
  await english.waitFor();
  await settled(english);
  await english.click();
  await expect(menuItem(page, 'person')).toHaveText(text('en', 'routes.person'));
  expect(await storedItem(page, 'i18nextLng')).toBe('en');
});

for (const account of ['owner', 'admin', 'staff'] as const) {
  const who = ACCOUNTS[account];
  test(`the user popover shows name, role (${who.role}), e-mail, phone and company in both languages`, async ({
    page,
    signedIn,
  }) => {
    await signedIn(account);
    await page.goto('/robots');
    for (const lng of ['en', 'zh'] as const) {
      if (lng === 'zh') await chooseLanguage(page, '中文');
      const popover = await openUserPopover(page);
      await expect(popover.getByTestId('user-name')).toHaveText(who.name);
      await expect(popover.getByTestId('user-role')).toHaveText(text(lng, `shell:user.roles.${who.role}`));
      await expect(popover.getByTestId('user-email')).toHaveText(who.email);
      await expect(popover.getByTestId('user-phone')).toHaveText(who.phone);
      await expect(popover.getByTestId('user-company')).toHaveText(who.home);
      for (const label of ['name', 'role', 'email', 'phone', 'company', 'units']) {
        await expect(popover.getByText(text(lng, `shell:user.${label}`), { exact: true })).toBeVisible();
      }
      await expect(popover.getByTestId('units-switch')).toBeVisible();
      await expect(popover.getByTestId('logout-button')).toHaveText(buttonText(lng, 'shell:user.logout'));
      await page.getByTestId('user-popover-trigger').click();
      await expect(popover).toBeHidden();
    }
  });
}

test('the units switch writes userUnits', async ({ page, signedIn }) => {
  await signedIn('owner');
  await page.goto('/robots');
  const popover = await openUserPopover(page);
  const units = popover.getByTestId('units-switch');
  // US region, nothing chosen: imperial.
  await expect(units).toBeChecked();
  expect(await localStorageOf(page)).not.toHaveProperty('userUnits');
  await units.click();
  await expect(units).not.toBeChecked();
  expect(await storedItem(page, 'userUnits')).toBe('metric');
  await units.click();
  expect(await storedItem(page, 'userUnits')).toBe('imperial');
  await page.reload();
  await expect(await openUserPopover(page).then((p) => p.getByTestId('units-switch'))).toBeChecked();
});
