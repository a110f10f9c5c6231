import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

// Tests never reach the internet: every tile request is refused, as on a site without access.
test('the world map says tiles could not be loaded, still places the buildings, and a marker opens one', async ({
  page,
  signedIn,
}) => {
  const tileRequests: string[] = [];
  await page.route('**/tile.openstreetmap.org/**', (route) => {
    tileRequests.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await signedIn('owner');
  await page.goto('/buildings');
  await expect(page.getByTestId('buildings-table')).toBeVisible();
  // The list screen does not load the map library.
  expect(scripts.filter((p) => /WorldMap/.test(p))).toEqual([]);

  await page.getByTestId('buildings-view').getByText(t('buildings:views.map')).click();
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(page.getByTestId('world-map-tiles-failed')).toHaveText(t('buildings:world.tilesFailed'));
  expect(tileRequests.length).toBeGreaterThan(0);
  const map = page.getByTestId('world-map');
  await expect(map).toHaveAttribute('data-tiles', 'failed');
  const tower = map.getByRole('button', { name: 'Acme Tower', exact: true });
  await expect(tower).toBeVisible();

  await tower.click();
  await expect(page).toHaveURL(/[?&]building=/);
  await expect(page.getByTestId('building-name')).toHaveText('Acme Tower');
  // Back returns to the world map it came from.
  await page.goBack();
  await expect(page.getByTestId('world-map')).toBeVisible();
});
