import { api } from '@fleet/contract';
import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.js';
import { localStorageOf, markDocument, reloaded, storedItem } from '../support/browser-storage.js';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { E2E_REGIONS } from '../support/ports.js';
import { openUserPopover, screenShown, toast, toasts } from '../support/shell.js';

// AUTH-STORAGE-KEYS, AUTH-LOGOUT, REGIONS-DEFAULT, SHELL-UNITS, AUTH-SESSION-END: the session kept in local storage, log-out, regions, units and the end of an expired session.

const CRYPTO_KEY = 'bm90LWEtcmVhbC1rZXktYnV0LWEta2VwdC1vbmU=';
const [US, EU] = E2E_REGIONS;

/** What may be left after a session ends: cryptoKey, and the default region the login page stores again. */
async function expectOnlyCryptoKeyLeft(page: Page) {
  await expect
    .poll(async () => Object.keys(await localStorageOf(page)).filter((k) => k !== 'regionInfo'))
    .toEqual(['cryptoKey']);
  const left = await localStorageOf(page);
  expect(left.cryptoKey).toBe(CRYPTO_KEY);
  if (left.regionInfo) expect(JSON.parse(left.regionInfo)).toEqual(US);
}

async function unitsChecked(page: Page): Promise<boolean> {
  const popover = await openUserPopover(page);
  return (await popover.getByTestId('units-switch').getAttribute('aria-checked')) === 'true';
}

test("log out calls the server, clears local storage except cryptoKey, says 'Login out！' and reloads on /login", async ({
  page,
  signedIn,
  api: server,
}) => {
  const session = await signedIn('admin', {
    storage: { cryptoKey: CRYPTO_KEY, userUnits: 'metric', somethingElse: 'x' },
  });
  await page.goto('/person');
  await screenShown(page, 'person');
  await markDocument(page);
  const popover = await openUserPopover(page);
  const logout = page.waitForRequest((r) => r.url().endsWith('/opt/v1/user/logout'));
  await popover.getByTestId('logout-button').click();
  expect((await logout).headers().token).toBe(session.token);

  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => reloaded(page)).toBe(true);
  await expect(toast(page, 'Login out！', 'success')).toBeVisible();
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expectOnlyCryptoKeyLeft(page);
  // The server ended the session too.
  expect((await server.send(api.me, {}, session.token)).status).toBe(401);
});

test('signing in keeps the session in local storage under the keys and formats of AUTH-STORAGE-KEYS', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(ACCOUNTS.admin.email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await screenShown(page, 'robots');

  const stored = await localStorageOf(page);
  expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(JSON.parse(stored.userInfo ?? '{}')).toMatchObject({
    email: ACCOUNTS.admin.email,
    companyName: 'Acme Robotics',
    isSuperAdmin: false,
  });
  expect(JSON.parse(stored.loginInfo ?? '{}')).toEqual({ loggedIn: true, superAdmin: false });
  expect(JSON.parse(stored.regionInfo ?? '{}')).toEqual(US);
  expect(stored.selectedMenuRoute).toBe('/robots');
  // Defaults are not written: the language is en, the units follow the region, the menu is on key 1.
  for (const key of ['i18nextLng', 'userUnits', 'selectedMenu', 'openkeys', 'ssoInfo']) {
    expect(stored, key).not.toHaveProperty(key);
  }
});

test("a super admin's single sign-on state is kept in ssoInfo and loginInfo says superAdmin", async ({
  page,
  signedIn,
}) => {
  await signedIn('super', { company: 'Acme West', storage: { loginInfo: null, ssoInfo: null } });
  await page.goto('/robots');
  await openUserPopover(page);
  await expect(page.getByTestId('sso-row')).toBeVisible();
  await expect.poll(() => storedItem(page, 'ssoInfo')).toBe('{}');
  expect(JSON.parse((await storedItem(page, 'loginInfo')) ?? '{}')).toEqual({
    loggedIn: true,
    superAdmin: true,
  });
});

test('with no stored region the first region of the list is stored and used', async ({ page, signedIn }) => {
  await signedIn('staff', { storage: { regionInfo: null } });
  const regions = page.waitForResponse('**/opt/v1/common/regions');
  await page.goto('/robots');
  const listed = ((await (await regions).json()) as { data: unknown[] }).data;
  await expect.poll(() => storedItem(page, 'regionInfo')).toBe(JSON.stringify(listed[0]));
  expect(listed[0]).toEqual(US);
  await expect(page.getByTestId('region-select')).toContainText(US.label);
});

test('a visitor of the login page gets the first region stored too', async ({ page }) => {
  await page.goto('/login');
  await expect.poll(() => storedItem(page, 'regionInfo')).toBe(JSON.stringify(US));
});

test('units: imperial in the US region when none is chosen, else metric; a choice wins; the legacy analysis key is migrated to userUnits', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  await page.goto('/robots');
  const reloadWith = async (values: Record<string, string | null>) => {
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) {
        if (value === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, value);
      }
    }, values);
    await page.reload();
  };

  // US region, nothing chosen: imperial, and nothing is written.
  expect(await unitsChecked(page)).toBe(true);
  expect(await storedItem(page, 'userUnits')).toBeNull();
  // Another region: metric.
  await reloadWith({ regionInfo: JSON.stringify(EU) });
  expect(await unitsChecked(page)).toBe(false);
  expect(await storedItem(page, 'userUnits')).toBeNull();
  // A choice wins over the region.
  await reloadWith({ regionInfo: JSON.stringify(US), userUnits: 'metric' });
  expect(await unitsChecked(page)).toBe(false);
  // The legacy key becomes the choice, once.
  await reloadWith({ userUnits: null, analysisUnits: 'metric' });
  expect(await unitsChecked(page)).toBe(false);
  expect(await localStorageOf(page)).toMatchObject({ userUnits: 'metric' });
  expect(await localStorageOf(page)).not.toHaveProperty('analysisUnits');
  // ...unless a choice exists already; the legacy key goes either way.
  await reloadWith({ userUnits: 'imperial', analysisUnits: 'metric' });
  expect(await unitsChecked(page)).toBe(true);
  expect(await localStorageOf(page)).toMatchObject({ userUnits: 'imperial' });
  expect(await localStorageOf(page)).not.toHaveProperty('analysisUnits');
});

test('a revoked token (401) clears storage except cryptoKey and goes to /login once, with one toast, however many calls fail together', async ({
  page,
  signedIn,
  api: server,
}) => {
  const session = await signedIn('owner', { storage: { cryptoKey: CRYPTO_KEY, selectedMenu: '["5"]' } });
  // The server ends the session behind the console's back (as an idle timeout or a password reset does).
  await server.call(api.logout, {}, session.token);

  // The server's refusals are held back until three calls of the screen have been refused, then all answered at
  // once: the console gets several refusals together however fast the server answers the first.
  const refused: string[] = [];
  let releaseRefusals = (): void => {};
  const refusalsTogether = new Promise<void>((resolve) => {
    releaseRefusals = resolve;
  });
  await page.route('**/opt/**', async (route) => {
    const response = await route.fetch();
    if (response.status() === 401) {
      refused.push(new URL(route.request().url()).pathname);
      if (refused.length >= 3) releaseRefusals();
      await refusalsTogether;
    }
    await route.fulfill({ response });
  });
  let loginLoads = 0;
  page.on('request', (r) => {
    if (r.isNavigationRequest() && new URL(r.url()).pathname === '/login') loginLoads++;
  });
  await page.goto('/robots');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page).first()).toHaveText(/^401: /);
  await expectOnlyCryptoKeyLeft(page);
  // Several calls of the screen were refused together, and the console still left for /login only once.
  expect(new Set(refused).size).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(500);
  expect(loginLoads).toBe(1);
  await expect(toasts(page)).toHaveCount(1);
});

test('a language change is stored in i18nextLng and kept after a reload', async ({ page, signedIn }) => {
  await signedIn('staff', { storage: { i18nextLng: null } });
  await page.goto('/robots');
  await page.getByTestId('language-select').click();
  const chinese = page.getByTestId('language-select-option').filter({ hasText: '中文' });
  await chinese.waitFor();
  await settled(chinese);
  await chinese.click();
  await expect.poll(() => storedItem(page, 'i18nextLng')).toBe('zh');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('zh', 'routes.robots'));
});
