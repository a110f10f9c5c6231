import type { AccountName } from '../support/accounts.js';
import { localStorageOf } from '../support/browser-storage.js';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { menuIds, menuItem, screenShown, sideMenu } from '../support/shell.js';

// SHELL-MENU-ORDER, SHELL-MENU-DEVICES, SHELL-MENU-ELEVATOR, SHELL-MENU-AUDIO, SHELL-MENU-SUBSIDIARIES, SHELL-MENU-MEMORY: seen by each demo account, and the selection kept in local storage.

const EVERYONE = ['robots', 'buildings', 'analysis', 'person', 'app'];

const MENUS: Record<AccountName, { why: string; ids: string[] }> = {
  owner: {
    why: 'Acme has mini devices (Devices third) and subsidiaries, and audio is enabled',
    ids: ['robots', 'buildings', 'device', 'analysis', 'person', 'app', 'audioGroup', 'subsidiaries'],
  },
  admin: {
    why: 'Acme has mini devices and subsidiaries, audio is not enabled',
    ids: ['robots', 'buildings', 'device', 'analysis', 'person', 'app', 'subsidiaries'],
  },
  staff: {
    why: 'Acme has mini devices and subsidiaries, audio is not enabled',
    ids: ['robots', 'buildings', 'device', 'analysis', 'person', 'app', 'subsidiaries'],
  },
  solo: { why: 'Solo Café has no mini device, no subsidiary, no audio', ids: EVERYONE },
  super: {
    why: 'a super-company member gets Elevator; Fleet HQ has nothing else',
    ids: [...EVERYONE, 'elevator'],
  },
};

for (const [account, menu] of Object.entries(MENUS) as [AccountName, (typeof MENUS)[AccountName]][]) {
  test(`the menu shows exactly the entries the rules give ${account}: ${menu.why}`, async ({
    page,
    signedIn,
  }) => {
    await signedIn(account);
    await page.goto('/robots');
    await screenShown(page, 'robots');
    // Entries whose rule waits for a probe appear when it answers; the list then settles.
    await expect.poll(() => menuIds(page)).toEqual(menu.ids);
    const labels = menu.ids.map((id) => text('en', `routes.${id}`));
    await expect(sideMenu(page).getByRole('menuitem')).toHaveText(labels);
  });
}

test('Devices and Subsidiaries are decided by probes that ask for pageIndex 1 and pageLength 1', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  const miniProbe = page.waitForRequest('**/opt/v1/mini/device/search');
  const subsidiaryProbe = page.waitForRequest('**/opt/admin/company/search-subsidiaries');
  await page.goto('/robots');
  expect((await miniProbe).postDataJSON()).toMatchObject({ pageIndex: 1, pageLength: 1 });
  expect((await subsidiaryProbe).postDataJSON()).toMatchObject({ pageIndex: 1, pageLength: 1 });
  await expect(menuItem(page, 'device')).toBeVisible();
  await expect(menuItem(page, 'subsidiaries')).toBeVisible();
});

test('on /subsidiaries with a subsidiary total of 0, and on /device without a mini device, the user goes to /robots', async ({
  page,
  signedIn,
}) => {
  await signedIn('solo');
  for (const path of ['/subsidiaries', '/device']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/robots$/);
    await screenShown(page, 'robots');
  }
});

test('with subsidiaries and mini devices, /subsidiaries and /device stay', async ({ page, signedIn }) => {
  await signedIn('owner');
  await page.goto('/subsidiaries');
  await screenShown(page, 'subsidiaries');
  await page.goto('/device');
  await screenShown(page, 'device');
  await expect(page).toHaveURL(/\/device$/);
});

test('the selected menu item is kept in local storage (selectedMenu, selectedMenuRoute), defaulting to key 1', async ({
  page,
  signedIn,
}) => {
  await signedIn('admin');
  // /role has no menu entry of its own: the stored selection, by default key 1 (Robots), is highlighted.
  await page.goto('/role');
  await screenShown(page, 'role');
  await expect(menuItem(page, 'robots')).toHaveAttribute('aria-current');
  expect(await localStorageOf(page)).not.toHaveProperty('openkeys');

  await menuItem(page, 'person').click();
  await screenShown(page, 'person');
  await expect(menuItem(page, 'person')).toHaveAttribute('aria-current');
  await expect
    .poll(() => localStorageOf(page))
    .toMatchObject({
      selectedMenu: '["5"]',
      selectedMenuRoute: '/person',
    });

  // After a reload the stored selection is still the one shown on a screen without its own entry.
  await page.goto('/role');
  await screenShown(page, 'role');
  await expect(menuItem(page, 'person')).toHaveAttribute('aria-current');
  await expect(menuItem(page, 'robots')).not.toHaveAttribute('aria-current');

  // A screen below an entry highlights that entry.
  await page.goto('/analysis/config');
  await screenShown(page, 'analysisConfig');
  await expect(menuItem(page, 'analysis')).toHaveAttribute('aria-current');
  await expect
    .poll(() => localStorageOf(page))
    .toMatchObject({
      selectedMenu: '["4"]',
      selectedMenuRoute: '/analysis/config',
    });
});

test('stored open groups (openkeys) and selection (selectedMenu) are read back after a reload', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner', { storage: { openkeys: '["1"]', selectedMenu: '["2"]' } });
  await page.goto('/role');
  await screenShown(page, 'role');
  // The stored selection is read back as written.
  await expect(menuItem(page, 'buildings')).toHaveAttribute('aria-current');
  await page.reload();
  await screenShown(page, 'role');
  expect(await localStorageOf(page)).toMatchObject({ openkeys: '["1"]', selectedMenu: '["2"]' });
});

test('the side-menu icons (SHELL-MENU-ICONS) are drawn: building, robot, device, lift, user, role, key, sound, group, chart, tool, mail', async ({
  page,
  signedIn,
}) => {
  const iconOf = (id: string) => menuItem(page, id).getByRole('img');
  await signedIn('owner');
  await page.goto('/robots');
  await expect(menuItem(page, 'subsidiaries')).toBeVisible();
  const expected: [string, string][] = [
    ['robots', 'robot'],
    ['buildings', 'building'],
    ['device', 'tablet'],
    ['analysis', 'bar-chart'],
    ['person', 'user'],
    ['app', 'mail'],
    ['audioGroup', 'sound'],
    ['subsidiaries', 'apartment'],
  ];
  for (const [id, icon] of expected) {
    await expect(iconOf(id), id).toHaveAccessibleName(icon);
    await expect(iconOf(id).locator('svg')).toBeVisible();
  }
  // The icons of screens without an entry of their own head those screens.
  for (const [path, id, icon] of [
    ['/role', 'role', 'idcard'],
    ['/analysis/config', 'analysisConfig', 'tool'],
    ['/audio/detail', 'audioDetail', 'apartment'],
  ] as const) {
    await page.goto(path);
    await expect((await screenShown(page, id)).locator(`[aria-label="${icon}"] svg`)).toBeVisible();
  }
});

test('the lift and key icons are drawn for the super admin', async ({ page, signedIn }) => {
  await signedIn('super');
  await page.goto('/robots');
  await expect(menuItem(page, 'elevator').getByRole('img')).toHaveAccessibleName('lift');
  await expect(menuItem(page, 'elevator').locator('svg')).toBeVisible();
  await page.goto('/sso?type=create');
  await expect((await screenShown(page, 'sso')).locator('[aria-label="key"] svg')).toBeVisible();
});
