import { expect, test } from '../support/fixtures.js';
import { E2E_PORT } from '../support/ports.js';
import { screenShown } from '../support/shell.js';

// SHELL-API-HOST, SHELL-API-HEADERS: the one API client: its host, its headers.

test('every call carries the token and lng headers when they are stored', async ({ page, signedIn }) => {
  const session = await signedIn('admin', { lng: 'zh' });
  const me = page.waitForRequest('**/opt/v1/user/me');
  const companies = page.waitForRequest('**/opt/admin/company/list-ones-companies*');
  await page.goto('/robots');
  for (const request of [await me, await companies]) {
    expect(request.headers().token).toBe(session.token);
    expect(request.headers().lng).toBe('zh');
  }
});

test('without a stored token or language neither header is sent', async ({ page }) => {
  const stats = page.waitForRequest('**/opt/v1/common/stats');
  await page.goto('/login');
  const headers = (await stats).headers();
  expect(headers).not.toHaveProperty('token');
  expect(headers).not.toHaveProperty('lng');
});

test("calls go to the stored region's operation host, else to the page's own server", async ({
  page,
  signedIn,
  baseURL,
}) => {
  // A region this server does not serve, whose operation server answers at another address.
  const elsewhere = { label: 'Asia Pacific', region: 'AP', host: `http://127.0.0.1:${E2E_PORT}` };
  await signedIn('admin', { storage: { regionInfo: JSON.stringify(elsewhere) } });
  const hosts = new Set<string>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/opt/')) hosts.add(new URL(r.url()).origin);
  });
  const me = page.waitForRequest('**/opt/v1/user/me');
  await page.goto('/robots');
  expect(new URL((await me).url()).origin).toBe(elsewhere.host);
  // The page's own description (brand, monitoring) always comes from the server that served the page.
  expect([...hosts].sort()).toEqual([baseURL, elsewhere.host].sort());
});

test("with the page's own region stored, calls stay on the page's server", async ({
  page,
  signedIn,
  baseURL,
}) => {
  await signedIn('admin');
  const origins = new Set<string>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/opt/')) origins.add(new URL(r.url()).origin);
  });
  await page.goto('/robots');
  await screenShown(page, 'robots');
  expect([...origins]).toEqual([baseURL]);
});
