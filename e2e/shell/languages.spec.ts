import type { Page, Request } from '@playwright/test';
import { ACCOUNTS } from '../support/accounts.js';
import { expect, test } from '../support/fixtures.js';
import { buttonText, text } from '../support/locales.js';
import { chooseLanguage, menuItem, openUserPopover, screenShown, toasts } from '../support/shell.js';

// LOCALES-FILES, LOCALES-LANGUAGES: i18next over HTTP, en and zh, every text of the shell in both.

function recordLocaleRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/locales/')) seen.push(r);
  });
  return seen;
}

test("each language's translation files are fetched once, with no-cache headers, and missing keys are never sent", async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  const requests = recordLocaleRequests(page);
  await page.goto('/robots');
  await screenShown(page, 'robots');
  for (const id of ['buildings', 'analysis', 'robots']) {
    await menuItem(page, id).click();
    await screenShown(page, id);
  }
  await chooseLanguage(page, '中文');
  await expect(menuItem(page, 'robots')).toHaveText(text('zh', 'routes.robots'));
  for (const id of ['buildings', 'app', 'robots']) {
    await menuItem(page, id).click();
    await screenShown(page, id);
  }
  await chooseLanguage(page, 'English');
  await menuItem(page, 'app').click();
  await expect((await screenShown(page, 'app')).getByRole('heading')).toHaveText(text('en', 'routes.app'));

  const paths = requests.map((r) => new URL(r.url()).pathname);
  expect(paths).toEqual([...new Set(paths)]);
  for (const file of ['common', 'shell', 'robots', 'buildings', 'apps']) {
    expect(paths).toContain(`/locales/en/${file}.json`);
    expect(paths).toContain(`/locales/zh/${file}.json`);
  }
  expect(paths.filter((p) => p.startsWith('/locales/add/'))).toEqual([]);
  for (const request of requests) {
    const headers = request.headers();
    expect(headers['cache-control'], request.url()).toBe('no-cache');
    expect(headers.pragma, request.url()).toBe('no-cache');
    expect((await request.response())?.headers()['cache-control']).toContain('no-cache');
  }
});

test('a stored zh-CN language loads the zh files: only the language part of the code counts', async ({
  page,
  signedIn,
}) => {
  await signedIn('staff', { storage: { i18nextLng: 'zh-CN' } });
  const requests = recordLocaleRequests(page);
  await page.goto('/robots');
  await expect((await screenShown(page, 'robots')).getByRole('heading')).toHaveText(
    text('zh', 'routes.robots'),
  );
  const paths = requests.map((r) => new URL(r.url()).pathname);
  expect(paths).toContain('/locales/zh/common.json');
  expect(paths).toContain('/locales/zh/robots.json');
  expect(paths.filter((p) => /zh[-_]CN/i.test(p))).toEqual([]);
});

test('the sign-in screens show every text in the chosen language', async ({ page }) => {
  await page.goto('/login');
  const check = async (lng: 'en' | 'zh') => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'auth:title'));
    await expect(page.getByTestId('login-kind')).toContainText(text(lng, 'auth:form.byEmail'));
    await expect(page.getByText(text(lng, 'auth:form.password'), { exact: true })).toBeVisible();
    await expect(page.getByText(text(lng, 'auth:form.remember'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('forgot-password')).toHaveText(buttonText(lng, 'auth:form.forgot'));
    await expect(page.getByTestId('login-submit')).toHaveText(buttonText(lng, 'auth:form.submit'));
    await expect(page.getByTestId('sso-entry')).toHaveText(buttonText(lng, 'auth:ssoEntry'));
    await expect(page.getByTestId('home-stat')).toContainText(text(lng, 'auth:stat.label'));
    await expect(page.getByRole('link', { name: text(lng, 'auth:footer.usageDoc') })).toBeVisible();
    await expect(page.getByRole('link', { name: text(lng, 'auth:footer.serviceDoc') })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${text(lng, 'routes.login')} · `));
  };
  await check('en');
  await page.getByTestId('language-switch').getByText('中文').click();
  await check('zh');
  expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('zh');
  await page.getByTestId('language-switch').getByText('English').click();
  await check('en');
});

test('every visible text of the main layout is Chinese in zh (names, e-mails and brands aside)', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner', { lng: 'zh' });
  // A range before the demo's history: the screen's own texts (filters, the "no data" state) without the
  // robots' and buildings' names and the units symbols (mi, ft²) that its figures show.
  await page.goto('/analysis?from=2020-01-01&to=2020-01-07');
  const screen = await screenShown(page, 'analysis');
  await expect(screen.getByTestId('analysis-empty')).toBeVisible();
  await expect(menuItem(page, 'subsidiaries')).toBeVisible();
  await openUserPopover(page);
  const shown = await page.locator('body').innerText();
  const allowed = [
    'Fleet Console',
    ACCOUNTS.owner.name,
    ACCOUNTS.owner.email,
    ACCOUNTS.owner.home,
    'United States',
    'English',
  ];
  const rest = allowed.reduce((t, word) => t.split(word).join(' '), shown);
  expect(rest.match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
  for (const key of ['shell:header.usageDoc', 'shell:user.role', 'shell:user.logout', 'routes.analysis']) {
    expect(shown).toContain(text('zh', key));
  }
});

test("antd's own texts follow the language (zh_CN / en_US locale)", async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByTestId('language-switch').getByText('中文').click();
  await page.getByTestId('forgot-password').click();
  const dialog = page.getByRole('dialog', { name: text('zh', 'auth:forgot.title') });
  await expect(dialog.getByRole('button', { name: '关闭', exact: true })).toBeVisible();
});

test('a translation file that cannot be loaded is retried 5 times from 350 ms doubling, then only logged', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(45_000);
  await signedIn('admin');
  const attempts: number[] = [];
  await page.route('**/locales/en/robots.json', (route) => {
    attempts.push(Date.now());
    return route.fulfill({ status: 500, body: 'unavailable' });
  });
  const logged = page.waitForEvent('console', {
    predicate: (m) => m.type() === 'error' && m.text().includes('[i18n] could not load en/robots'),
    timeout: 30_000,
  });
  await page.goto('/robots');
  await logged;
  expect(attempts).toHaveLength(6);
  const waits = attempts.slice(1).map((at, i) => at - (attempts[i] ?? at));
  // 350, 700, 1400, 2800, 5600 ms between the attempts (each plus the failed answer's own time).
  waits.forEach((wait, i) => {
    expect(wait, `wait ${i + 1}`).toBeGreaterThanOrEqual(350 * 2 ** i * 0.95);
    expect(wait, `wait ${i + 1}`).toBeLessThan(350 * 2 ** i + 3000);
  });
  await expect(toasts(page)).toHaveCount(0);
  await expect(page.getByTestId('header')).toBeVisible();
});
