import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { MAIN_SCREENS, MAP_SCREENS } from '../support/screens.js';
import { menuItem, screenShown } from '../support/shell.js';

// SHELL-ROUTES, SHELL-LAZY, SHELL-LAYOUT: every route of the table, matched case-insensitively, each screen loaded on demand; the layout.

const PRODUCT = 'Fleet Console';
const NO_FILLER = /lorem|ipsum|dolor sit|todo|tbd|placeholder|\bfoo\b|\{\{/i;

for (const account of ['owner', 'super'] as const) {
  test(`every main-layout route (SHELL-ROUTES) opens its screen with its title (${account}'s screens)`, async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(60_000);
    await signedIn(account);
    for (const screen of MAIN_SCREENS.filter((s) => s.account === account)) {
      await page.goto(screen.path);
      const title = text('en', screen.titleKey);
      const shown = await screenShown(page, screen.id);
      await expect(shown.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByTestId('header')).toBeVisible();
      await expect(page).toHaveTitle(`${title} · ${PRODUCT}`);
      // Issue part 12: a screen whose content comes later says what it will show, never sample text.
      if (screen.emptyKey) {
        await expect(shown).toContainText(text('en', `${screen.emptyKey}.empty.title`));
        await expect(shown).toContainText(text('en', `${screen.emptyKey}.empty.description`));
        expect(await shown.innerText(), screen.path).not.toMatch(NO_FILLER);
      }
    }
  });
}

test('the map, miniMap and error routes open their screens without the main layout', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  for (const screen of MAP_SCREENS) {
    await page.goto(screen.path);
    const shown = page.getByTestId(screen.testId);
    // The language is the path's, whatever the user chose.
    await expect(shown.getByRole('heading')).toHaveText(text(screen.lng, screen.titleKey));
    // The demo's first building and its first floor with a map, drawn live.
    await expect(shown.getByTestId('floor-map')).toBeVisible();
    await expect(shown.getByRole('img', { name: text(screen.lng, 'live:floorMap.label') })).toBeVisible();
    await expect(shown).toHaveAttribute('lang', screen.lng === 'zh' ? 'zh-CN' : 'en');
    expect(await shown.innerText()).not.toMatch(NO_FILLER);
    await expect(page.getByTestId('header')).toHaveCount(0);
    await expect(page.getByTestId('sider')).toHaveCount(0);
  }
  for (const code of [401, 404] as const) {
    await page.goto(`/error/${code}`);
    await expect(page.getByTestId(`error-${code}`)).toContainText(String(code));
    await expect(page).toHaveTitle(`${text('en', `routes.error${code}`)} · ${PRODUCT}`);
    await expect(page.getByTestId('header')).toHaveCount(0);
    await expect(page.getByTestId('sider')).toHaveCount(0);
  }
  // With a token /login goes to /robots; the single sign-on screens stay, bare as well.
  for (const [path, testId] of [
    ['/login/sso', 'sso-email'],
    ['/login/sso/7d1c1b8e-0000-4000-8000-000000000001', 'sso-unavailable'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page.getByTestId('header')).toHaveCount(0);
  }
});

test('the login routes open the sign-in, single sign-on and provider screens without the main layout', async ({
  page,
}) => {
  for (const [path, testId, title] of [
    ['/login', 'login-form', 'routes.login'],
    ['/login/sso', 'sso-email', 'routes.loginSso'],
    ['/login/sso/7d1c1b8e-0000-4000-8000-000000000001', 'sso-unavailable', 'routes.loginSso'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page).toHaveTitle(`${text('en', title)} · ${PRODUCT}`);
    await expect(page.getByTestId('header')).toHaveCount(0);
    await expect(page.getByTestId('sider')).toHaveCount(0);
  }
});

test('routes match case-insensitively: /ROBOTS is the robots screen', async ({ page, signedIn }) => {
  await signedIn('owner');
  for (const [path, id] of [
    ['/ROBOTS', 'robots'],
    ['/Person', 'person'],
    ['/AUDIO/Group', 'audioGroup'],
    ['/Analysis/CONFIG', 'analysisConfig'],
  ] as const) {
    await page.goto(path);
    await screenShown(page, id);
  }
  await page.goto('/MINIMAP/ZH');
  await expect(page.getByTestId('screen-miniMap').getByRole('heading')).toHaveText(
    text('zh', 'live:miniMap.title'),
  );
  await page.goto('/Error/401');
  await expect(page.getByTestId('error-401')).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page, signedIn }) => {
  await signedIn('admin');
  for (const path of ['/no-such-screen', '/robots/42/extra', '/audio']) {
    await page.goto(path);
    await expect(page.getByTestId('error-404')).toBeVisible();
    await expect(page.getByTestId('header')).toHaveCount(0);
  }
});

test('the main layout has a fixed header 64 px tall and a left menu 200 px wide, 80 px collapsed', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  // Short enough for the screen to scroll under the header.
  await page.setViewportSize({ width: 1280, height: 320 });
  await page.goto('/robots');
  await screenShown(page, 'robots');
  const header = page.getByTestId('header');
  const sider = page.getByTestId('sider');
  expect(await header.boundingBox()).toMatchObject({ x: 0, y: 0, height: 64, width: 1280 });
  expect((await sider.boundingBox())?.width).toBe(200);

  await page.mouse.wheel(0, 200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect((await header.boundingBox())?.y).toBe(0);

  // antd's collapse trigger at the foot of the menu.
  await sider.getByRole('img', { name: 'left' }).click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
  await sider.getByRole('img', { name: 'right' }).click();
  await expect.poll(async () => (await sider.boundingBox())?.width).toBe(200);
});

test('each screen is loaded on demand', async ({ page, signedIn }) => {
  await signedIn('owner');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/robots');
  await screenShown(page, 'robots');
  const chunk = (name: string) => scripts.filter((s) => s.includes(`/${name}-`));
  expect(chunk('RobotsPage')).toHaveLength(1);
  for (const name of ['BuildingsPage', 'PersonPage', 'AnalysisPage', 'LoginPage', 'MapPage']) {
    expect(chunk(name), name).toHaveLength(0);
  }
  await menuItem(page, 'buildings').click();
  await screenShown(page, 'buildings');
  expect(chunk('BuildingsPage')).toHaveLength(1);
  expect(chunk('PersonPage')).toHaveLength(0);
});
