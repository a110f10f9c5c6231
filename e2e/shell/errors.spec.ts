import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { screenShown, toast, toasts } from '../support/shell.js';

// SHELL-ERROR-HTTP, SHELL-ERROR-NETWORK, SHELL-API-TIMEOUT, SHELL-ERROR-FUNCTIONAL, SHELL-ERROR-PAGES: what the user is told when a call fails, and the error pages.

// The header's company list: a call every screen of the main layout makes, and one the console toasts about.
const COMPANIES = '**/opt/admin/company/list-ones-companies*';

function failingCompanies(page: Page, status: number, body: object) {
  return page.route(COMPANIES, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

test('an HTTP failure shows a toast with the status and the message for 2.5 s', async ({
  page,
  signedIn,
}) => {
  await signedIn('admin');
  await failingCompanies(page, 500, {
    success: false,
    info: 'Company directory is down',
    data: null,
    code: 'INTERNAL',
  });
  await page.goto('/robots');
  const shown = toast(page, '500: Company directory is down', 'error');
  await expect(shown).toBeVisible();
  const appeared = Date.now();
  await page.waitForTimeout(1500);
  await expect(shown).toBeVisible();
  await expect(shown).toBeHidden({ timeout: 4000 });
  // 2.5 s on screen, plus antd's leave animation.
  expect(Date.now() - appeared).toBeLessThan(4500);
  await expect(toasts(page)).toHaveCount(0);
});

test('an HTTP failure without the envelope still shows the status and the status text', async ({
  page,
  signedIn,
}) => {
  await signedIn('admin');
  await page.route(COMPANIES, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
  );
  await page.goto('/robots');
  await expect(toast(page, /^502: /, 'error')).toBeVisible();
});

test('a call without an answer shows a toast with the error code and message', async ({ page, signedIn }) => {
  await signedIn('admin');
  await page.route(COMPANIES, (route) => route.abort('failed'));
  await page.goto('/robots');
  await expect(
    toast(page, text('en', 'errors:network', { code: 'ERR_NETWORK', message: 'Network Error' }), 'error'),
  ).toBeVisible();
  await screenShown(page, 'robots');
});

test('a call unanswered after 12000 ms is given up with the no-answer toast', async ({ page, signedIn }) => {
  test.setTimeout(45_000);
  await signedIn('admin');
  let askedAt = 0;
  // Never answered: the client's own timeout must end the call.
  await page.route(COMPANIES, () => {
    askedAt = Date.now();
  });
  await page.goto('/robots');
  const shown = toast(
    page,
    text('en', 'errors:network', { code: 'ECONNABORTED', message: 'timeout of 12000ms exceeded' }),
    'error',
  );
  await expect(shown).toBeVisible({ timeout: 20_000 });
  expect(askedAt).toBeGreaterThan(0);
  expect(Date.now() - askedAt).toBeGreaterThanOrEqual(11_500);
});

test("success: false shows the server's info as a warning or an error toast", async ({ page, signedIn }) => {
  await signedIn('admin');
  await failingCompanies(page, 200, {
    success: false,
    info: 'This company list is being moved',
    data: null,
    code: 'CONFLICT',
  });
  await page.goto('/robots');
  await expect(toast(page, 'This company list is being moved', 'warning')).toBeVisible();

  await page.unroute(COMPANIES);
  await failingCompanies(page, 200, {
    success: false,
    info: 'The company list could not be read',
    data: null,
    code: 'INTERNAL',
  });
  await page.reload();
  await expect(toast(page, 'The company list could not be read', 'error')).toBeVisible();
});

test('/error/401 and /error/404 explain themselves and lead back to the robots', async ({
  page,
  signedIn,
}) => {
  await signedIn('staff');
  for (const code of [401, 404] as const) {
    await page.goto(`/error/${code}`);
    const screen = page.getByTestId(`error-${code}`);
    await expect(screen).toContainText(String(code));
    await expect(screen).toContainText(text('en', `errors:page.${code}`));
    await screen.getByRole('button', { name: text('en', 'errors:page.home') }).click();
    await expect(page).toHaveURL(/\/robots$/);
    await screenShown(page, 'robots');
  }
});

test('a screen the user may not open leads to the 401 page', async ({ page, signedIn }) => {
  await signedIn('staff');
  for (const path of ['/elevator', '/audio/group', '/sso?type=create']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/error\/401$/);
    await expect(page.getByTestId('error-401')).toBeVisible();
  }
});
