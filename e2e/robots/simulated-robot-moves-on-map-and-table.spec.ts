import { expect, test } from '../support/fixtures.js';
import { mapFrames, openOnlineRobot } from '../support/fleet-helpers.js';
import { text } from '../support/locales.js';

test('the demo fleet is listed live and a driving robot moves in the drawer and on its map', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  await page.goto('/robots');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live');
  await expect(page.getByTestId('robot-table').locator('[data-robot-id]').first()).toBeVisible();

  await openOnlineRobot(page, ['working']);
  const position = page.getByTestId('robot-position');
  const before = await position.innerText();
  await expect.poll(() => position.innerText(), { timeout: 20_000 }).not.toBe(before);
  await expect(page.getByTestId('robot-drawer').getByTestId('floor-map')).toBeVisible();
  const frames = await mapFrames(page);
  await expect.poll(() => mapFrames(page), { timeout: 10_000 }).toBeGreaterThan(frames);
});

test('the full-screen map draws the robots of the chosen floor live, in the language of its path', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  await page.goto('/map/zh');
  const screen = page.getByTestId('screen-map');
  await expect(screen).toHaveAttribute('lang', 'zh-CN');
  await expect(screen.getByRole('img', { name: text('zh', 'map:floorMap.label') })).toBeVisible();
  await expect(screen.getByTestId('map-robot-count')).not.toHaveText(
    text('zh', 'map:robotsOnFloor', { count: 0 }),
  );
  const frames = await mapFrames(page);
  await expect.poll(() => mapFrames(page), { timeout: 10_000 }).toBeGreaterThan(frames);
  await expect(screen.getByTestId('map-scale-bar')).toBeVisible();
});
