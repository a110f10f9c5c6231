import { expect, test } from '../support/fixtures.js';
import { mapFrames, mapRedrawsPerSecond, openOnlineRobot } from '../support/fleet-helpers.js';
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

test('robots glide on the map between their updates instead of hopping', async ({ page, signedIn }) => {
  await signedIn('owner');
  await page.goto('/robots');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live');
  await openOnlineRobot(page, ['working']);
  await expect(page.getByTestId('robot-drawer').getByTestId('floor-map')).toBeVisible();
  // Live batches come at most 20 times a second and a robot reports about 3 times: drawn only then, the map
  // could not be redrawn 30 times in a second. While a robot glides it is redrawn at every frame.
  await expect.poll(() => mapRedrawsPerSecond(page), { timeout: 30_000 }).toBeGreaterThan(30);
});

test('with reduced motion preferred, robots are drawn only where they were reported', async ({
  page,
  signedIn,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signedIn('owner');
  await page.goto('/robots');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-live', 'live');
  await openOnlineRobot(page, ['working']);
  await expect(page.getByTestId('robot-drawer').getByTestId('floor-map')).toBeVisible();
  const frames = await mapFrames(page);
  await expect.poll(() => mapFrames(page), { timeout: 10_000 }).toBeGreaterThan(frames);
  for (let i = 0; i < 3; i++) expect(await mapRedrawsPerSecond(page)).toBeLessThanOrEqual(24);
});

test('the full-screen map draws the robots of the chosen floor live, in the language of its path', async ({
  page,
  signedIn,
}) => {
  await signedIn('owner');
  await page.goto('/map/zh');
  const screen = page.getByTestId('screen-map');
  await expect(screen).toHaveAttribute('lang', 'zh-CN');
  await expect(screen.getByRole('img', { name: text('zh', 'live:floorMap.label') })).toBeVisible();
  await expect(screen.getByTestId('map-robot-count')).not.toHaveText(
    text('zh', 'live:robotsOnFloor', { count: 0 }),
  );
  const frames = await mapFrames(page);
  await expect.poll(() => mapFrames(page), { timeout: 10_000 }).toBeGreaterThan(frames);
  await expect(screen.getByTestId('map-scale-bar')).toBeVisible();
});
