import { api } from '@fleet/contract';
import type { Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD } from '../support/accounts.js';
import { localStorageOf, storedItem } from '../support/browser-storage.js';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { latestVerifyCode } from '../support/outbox.js';
import { openUserPopover, screenShown, toast } from '../support/shell.js';

// AUTH-LOGIN, AUTH-REMEMBER, PEOPLE-PHONE-PREFIXES, SSO-LOGIN-SCREENS, COMMON-HOME-STAT: e-mail or phone, remember me, forgot password, single sign-on.

async function signInWithEmail(page: Page, email: string, password: string, remember = false) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  if (remember) await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
}

async function logOut(page: Page) {
  const popover = await openUserPopover(page);
  await popover.getByTestId('logout-button').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

test('signing in with an e-mail and a password lands on /robots', async ({ page }) => {
  await page.goto('/login');
  await signInWithEmail(page, ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/robots$/);
  await screenShown(page, 'robots');
  await expect(page.getByTestId('user-popover-trigger')).toHaveText(ACCOUNTS.admin.name);
});

test('signing in with a phone number and its prefix: +1 202-555-0104 is solo@solo.test', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-kind').getByText(text('en', 'auth:form.byPhone')).click();
  await page.getByTestId('login-phone-prefix').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'US +1' }).click();
  await page.getByTestId('login-phone').fill('202-555-0104');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  const login = page.waitForRequest((r) => r.url().endsWith('/opt/v1/user/login'));
  await page.getByTestId('login-submit').click();
  expect((await login).postDataJSON()).toEqual({
    account: '202-555-0104',
    phonePrefix: '+1',
    password: DEMO_PASSWORD,
  });
  await screenShown(page, 'robots');
  await expect(page.getByTestId('user-popover-trigger')).toHaveText(ACCOUNTS.solo.name);
  await expect(page.getByTestId('company-select')).toContainText('Solo Café');
});

test('the phone prefixes offered are US +1, CA +1, DK +45, DE +49, UK +44, NL +31 and Other', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('login-kind').getByText(text('en', 'auth:form.byPhone')).click();
  await page.getByTestId('login-phone-prefix').click();
  await expect(page.locator('.ant-select-item-option')).toHaveText([
    'US +1',
    'CA +1',
    'DK +45',
    'DE +49',
    'UK +44',
    'NL +31',
    text('en', 'auth:form.otherPrefix'),
  ]);
});

test("a wrong password shows the server's message in a toast and stays on /login", async ({ page }) => {
  await page.goto('/login');
  await signInWithEmail(page, ACCOUNTS.solo.email, 'not-the-password');
  await expect(toast(page, /^401: Wrong account or password$/, 'error')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedItem(page, 'token')).toBeNull();
});

test('remember me keeps the account name, never the password, across log-out', async ({ page, context }) => {
  await page.goto('/login');
  await signInWithEmail(page, ACCOUNTS.admin.email, DEMO_PASSWORD, true);
  await screenShown(page, 'robots');
  await logOut(page);

  await expect(page.getByTestId('login-email')).toHaveValue(ACCOUNTS.admin.email);
  await expect(page.getByTestId('login-password')).toHaveValue('');
  await expect(page.getByTestId('login-remember')).toBeChecked();
  // The name is stored encrypted (cookie) with the per-browser key (cryptoKey), which survived log-out.
  const stored = await localStorageOf(page);
  expect(stored.cryptoKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
  const cookies = JSON.stringify(await context.cookies());
  const everything = `${cookies}${JSON.stringify(stored)}`;
  expect(cookies).toContain('rememberedAccount');
  expect(everything).not.toContain(DEMO_PASSWORD);
  expect(everything).not.toContain(ACCOUNTS.admin.email);
  expect(everything).not.toContain(encodeURIComponent(ACCOUNTS.admin.email));

  // Signing in without it forgets the name.
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-remember').uncheck();
  await page.getByTestId('login-submit').click();
  await screenShown(page, 'robots');
  await logOut(page);
  await expect(page.getByTestId('login-email')).toHaveValue('');
  await expect(page.getByTestId('login-remember')).not.toBeChecked();
});

test('forgot password: a code is asked for by e-mail and a new password set with it', async ({
  page,
  api: server,
}) => {
  // A person of their own: a password reset ends every session of the account.
  const owner = await server.signIn('owner');
  const email = `forgot-${Date.now()}@acme.test`;
  await server.call(
    api.createPerson,
    { body: { firstName: 'Fiona', lastName: 'Forgot', email, role: 'staff', enableAudio: false } },
    owner.token,
  );
  const newPassword = 'a-new-secret-42';

  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  const modal = page.getByRole('dialog', { name: text('en', 'auth:forgot.title') });
  await modal.getByTestId('forgot-email').fill(email);
  const asked = page.waitForResponse('**/opt/v1/user/get-verify-code');
  await modal.getByTestId('forgot-send-code').click();
  expect((await asked).ok()).toBe(true);
  await expect(toast(page, text('en', 'auth:forgot.codeSent'), 'success')).toBeVisible();

  const code = await latestVerifyCode(email);
  await modal.getByTestId('forgot-code').getByRole('textbox').first().click();
  await page.keyboard.type(code);
  await modal.getByTestId('forgot-password-input').fill(newPassword);
  await modal.getByTestId('forgot-confirm').fill(newPassword);
  await modal.getByTestId('forgot-submit').click();
  await expect(toast(page, text('en', 'auth:forgot.done'), 'success')).toBeVisible();
  await expect(modal).toBeHidden();

  await signInWithEmail(page, email, newPassword);
  await screenShown(page, 'robots');
  await expect(page.getByTestId('user-popover-trigger')).toHaveText('Fiona Forgot');
});

test('the single sign-on entry leads to /login/sso, which asks for an e-mail; an unknown domain is told plainly', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('sso-entry').click();
  await expect(page).toHaveURL(/\/login\/sso$/);
  const email = page.getByLabel(text('en', 'auth:sso.email'));
  await expect(email).toBeVisible();
  await email.fill('someone@no-sso-here.test');
  await page.getByTestId('sso-continue').click();
  await expect(page.getByTestId('sso-not-found')).toContainText(text('en', 'auth:sso.notFound'));
  await expect(page.getByTestId('sso-not-found')).toContainText(text('en', 'auth:sso.notFoundHint'));
  await expect(page).toHaveURL(/\/login\/sso$/);
});

test('/login/sso/{id} of no active provider shows a clear "not available" state with a way back', async ({
  page,
}) => {
  await page.goto('/login/sso/7d1c1b8e-0000-4000-8000-000000000001');
  const state = page.getByTestId('sso-unavailable');
  await expect(state).toContainText(text('en', 'auth:sso.unavailable'));
  await expect(state).toContainText(text('en', 'auth:sso.unavailableHint'));
  await state.getByRole('button', { name: text('en', 'auth:sso.back') }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the home statistic shows common/stats activeUsers + 10', async ({ page }) => {
  const stats = page.waitForResponse('**/opt/v1/common/stats');
  await page.goto('/login');
  const { activeUsers } = ((await (await stats).json()) as { data: { activeUsers: number } }).data;
  expect(activeUsers).toBeGreaterThanOrEqual(112893);
  await expect(page.getByTestId('home-stat-value')).toHaveText((activeUsers + 10).toLocaleString('en'));
  await expect(page.getByTestId('home-stat')).toContainText(text('en', 'auth:stat.label'));
});
