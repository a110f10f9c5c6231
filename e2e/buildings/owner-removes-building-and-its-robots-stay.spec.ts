import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { unique } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';
import { createBuilding, removeBuildingsNamed } from './building-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

test('the owner sees a building’s robots, then removes the building and its robot stays, unassigned', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  const session = await signedIn('owner');
  const name = unique('E2E Depot');
  const building = await createBuilding(consoleApi, session.token, name);
  const { robot } = await consoleApi.call(
    api.registerRobot,
    {
      body: {
        name: unique('E2E Bot'),
        model: 'E2E',
        manufacturer: 'e2e',
        serialNumber: unique('sn'),
        buildingId: building.id,
      },
    },
    session.token,
  );
  try {
    await page.goto(`/buildings?building=${building.id}`);
    await expect(page.getByTestId('building-name')).toHaveText(name);
    const row = page.getByTestId('building-robots').getByRole('row').filter({ hasText: robot.name });
    await expect(row).toContainText(t('live:status.offline'));
    await expect(row).toContainText(t('buildings:robots.noFloor'));
    const link = row.getByRole('link', { name: t('buildings:robots.openOf', { name: robot.name }) });
    await expect(link).toHaveAttribute('href', `/robots?robot=${robot.id}`);

    await page.getByTestId('building-remove').click();
    const confirm = page
      .locator('.ant-popconfirm')
      .filter({ hasText: t('buildings:remove.title', { name }) });
    await expect(confirm).toContainText(t('buildings:remove.description'));
    // A click while the confirmation still zooms in lands beside its button (a full run's retry).
    await settled(confirm);
    await confirm.getByTestId('building-remove-ok').click();
    await expect(toast(page, t('buildings:remove.done', { name }), 'success')).toBeVisible();
    await expect(page.getByTestId('buildings-table')).toBeVisible();
    // Leaving the removed building's screen asks nothing more of it: no "not found" on the way out.
    await expect(page.locator('.ant-message-notice-error')).toHaveCount(0);
    await page.getByTestId('buildings-search').fill(name);
    await expect(page.getByTestId('buildings-table')).toContainText(t('buildings:noMatch', { name }));

    const kept = await consoleApi.call(api.getRobot, { params: { id: robot.id } }, session.token);
    expect(kept.buildingId).toBeNull();
  } finally {
    await consoleApi.call(api.removeRobot, { params: { id: robot.id } }, session.token);
    await removeBuildingsNamed(consoleApi, session.token, name);
  }
});
