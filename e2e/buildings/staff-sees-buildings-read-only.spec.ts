import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { unique } from '../support/people-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

test('staff see the buildings, floors and stations, with every change disabled and its reason given', async ({
  page,
  signedIn,
}) => {
  await signedIn('staff');
  const rights = page.waitForResponse(`**${api.myPermissions.path}`);
  await page.goto('/buildings');
  await rights;
  await page.getByTestId('buildings-search').fill('Acme Tower');
  const row = page.getByTestId('buildings-table').getByRole('row').filter({ hasText: 'Acme Tower' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('America/Los_Angeles');
  await expect(page.getByTestId('building-create')).toBeDisabled();
  await expect(row.getByTestId('building-edit')).toBeDisabled();
  await expect(row.getByTestId('building-remove')).toBeDisabled();
  // A disabled button takes no pointer: its reason hangs on the wrapper around it.
  await page.getByTestId('building-create').locator('xpath=..').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    t('access.denied.permission', {
      area: t('permissions.areas.buildings'),
      level: t('permissions.levels.manage'),
    }),
  );

  await row.getByTestId('building-open').click();
  await expect(page.getByTestId('building-name')).toHaveText('Acme Tower');
  await expect(
    page.getByRole('tab', { name: t('buildings:floors.tab', { name: 'Lobby', level: 0 }) }),
  ).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByTestId('stations-table').getByRole('row').filter({ hasText: 'Reception' }),
  ).toHaveCount(1);
  for (const id of [
    'building-edit',
    'building-remove',
    'floor-add',
    'floor-map-upload',
    'floor-edit',
    'floor-remove',
  ]) {
    await expect(page.getByTestId(id)).toBeDisabled();
  }
  await expect(page.getByTestId('station-edit').first()).toBeDisabled();
  await expect(page.getByTestId('station-remove').first()).toBeDisabled();
  await expect(page.getByText(t('buildings:stations.hint'))).toHaveCount(0);
  // A click on the map places nothing for those who may not.
  await page.getByTestId('floor-map').getByTestId('floor-map-canvas').click();
  await expect(page.getByRole('form', { name: t('buildings:stations.newTitle') })).toHaveCount(0);
});

test('the server refuses a building created by staff', async ({ api: consoleApi }) => {
  const staff = await consoleApi.signIn('staff');
  const refused = await consoleApi.send(
    api.createBuilding,
    { body: { name: unique('E2E Staff Building'), timeZone: 'UTC' } },
    staff.token,
  );
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('FORBIDDEN');
});
