import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { MAIN_SCREENS, MAP_SCREENS } from '../support/screens.js';
import { screenShown } from '../support/shell.js';

// HARDENING-HEADERS: the built console runs under its strict Content-Security-Policy (no inline script, nothing
// off-site but what is configured) without a single violation, on every screen.

/** Collects the page's CSP violations, as the browser reports them to the page itself. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation;
      report(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the login screen and the buildings world map run without a CSP violation', async ({
  page,
  signedIn,
}) => {
  const seen = await watchViolations(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await signedIn('owner');
  await page.goto('/buildings');
  await screenShown(page, 'buildings');
  expect(seen).toEqual([]);
});

for (const account of ['owner', 'super'] as const) {
  test(`every main screen of ${account} runs without a CSP violation`, async ({ page, signedIn }) => {
    test.setTimeout(90_000);
    const seen = await watchViolations(page);
    await signedIn(account);
    for (const screen of MAIN_SCREENS.filter((s) => s.account === account)) {
      await page.goto(screen.path);
      await screenShown(page, screen.id);
      expect(seen, screen.path).toEqual([]);
    }
  });
}

test('the map screens run without a CSP violation', async ({ page, signedIn }) => {
  const seen = await watchViolations(page);
  await signedIn('owner');
  for (const screen of MAP_SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByTestId(screen.testId)).toBeVisible();
    expect(seen, screen.path).toEqual([]);
  }
});

test('the API document at /opt/docs runs without a CSP violation', async ({ page }) => {
  const seen = await watchViolations(page);
  await page.goto('/opt/docs');
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
  expect(seen).toEqual([]);
});
