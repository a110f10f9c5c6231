import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { decodeQr } from './app-helpers.js';

/* APPS-MOBILE, APPS-MANAGE: the Mobile tab's QR code, read as a phone would, opens the sign-in in the user's language. */

test('the Mobile tab’s QR code decodes to this console’s sign-in in the user’s language and region', async ({
  page,
  signedIn,
  baseURL,
  browser,
}) => {
  const session = await signedIn('staff', { lng: 'zh' });
  await page.goto('/app');
  const qr = page.getByTestId('mobile-qr');
  await expect(qr).toBeVisible();
  const decoded = await decodeQr(qr);
  expect(decoded).toBe(`${baseURL}/login?lng=zh&region=${session.login.region.region}`);
  await expect(page.getByTestId('mobile-link-map-url')).toHaveText(`${baseURL}/map/zh`);
  // APPS-MANAGE: staff see no API applications tab.
  await expect(page.getByTestId('app-tab-mobile')).toBeVisible();
  await expect(page.getByTestId('app-tab-api')).toHaveCount(0);

  // The full-screen maps the tab links to fit a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/map/zh', '/miniMap/zh']) {
    await page.goto(path);
    await expect(page.locator('canvas').first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  }

  // A phone that never opened the console: the address opens the sign-in in Chinese, at phone width.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(decoded ?? '');
    await expect(phonePage.getByLabel(text('zh', 'auth:form.password'), { exact: true })).toBeVisible();
    const overflow = await phonePage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await phonePage.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('zh');
  } finally {
    await phone.close();
  }
});
