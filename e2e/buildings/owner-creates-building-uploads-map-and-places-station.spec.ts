import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { dialog, fieldError, unique } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';
import { removeBuildingsNamed } from './building-helpers.js';
import { framedPng } from './plain-png.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);
const FOOT = 0.3048;

// The owner's company is in the US region, so the console speaks feet: the map's scale is typed in feet per
// pixel and every size comes back in feet, while the server stores metres.
test('the owner creates a building with a floor, uploads a PNG map with its scale and places a station on it', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  // Four forms, an upload and a map click in one story: more than the default 30 s on a busy two-core machine.
  test.slow();
  const session = await signedIn('owner');
  const name = unique('E2E Tower');
  try {
    await page.goto('/buildings');
    await page.getByTestId('building-create').click();
    const form = dialog(page, t('buildings:form.createTitle'));
    await form.getByLabel(t('buildings:form.name')).fill(name);
    await form.getByLabel(t('buildings:form.latitude')).fill('52.52');
    await form.getByTestId('building-form-submit').click();
    await expect(fieldError(page, 'building-form', 'longitude')).toHaveText(t('buildings:form.pairMissing'));
    await form.getByLabel(t('buildings:form.longitude')).fill('13.405');
    await form.getByTestId('building-form-time-zone').click();
    await page.keyboard.type('Berlin');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Europe/Berlin' })
      .click();
    await form.getByTestId('building-form-submit').click();
    await expect(toast(page, t('buildings:form.created', { name }), 'success')).toBeVisible();

    // A new building opens at once, ready for its floors.
    await expect(page.getByTestId('building-name')).toHaveText(name);
    await expect(page.getByTestId('building-detail')).toContainText('Europe/Berlin');
    await page.getByTestId('floor-add').click();
    const floorForm = dialog(page, t('buildings:floors.addTitle'));
    await floorForm.getByLabel(t('buildings:floors.name')).fill('Ground');
    await expect(floorForm.getByLabel(t('buildings:floors.level'))).toHaveValue('0');
    await floorForm.getByTestId('floor-form-submit').click();
    await expect(toast(page, t('buildings:floors.added', { name: 'Ground' }), 'success')).toBeVisible();
    await expect(
      page.getByRole('tab', { name: t('buildings:floors.tab', { name: 'Ground', level: 0 }) }),
    ).toBeVisible();
    await expect(page.getByTestId('floor-map-none')).toBeVisible();

    // 400 × 200 pixels at 0.1 ft a pixel: a floor 40 ft by 20 ft, seen before saving and after.
    await page.getByTestId('floor-map-upload').click();
    const upload = dialog(page, t('buildings:upload.title', { floor: 'Ground' }));
    await upload.locator('input[type=file]').setInputFiles({
      name: 'ground.png',
      mimeType: 'image/png',
      buffer: framedPng(400, 200),
    });
    await expect(upload.getByTestId('map-file-chosen')).toHaveText('ground.png');
    await upload.getByTestId('map-resolution').fill('0.1');
    await expect(upload.getByTestId('map-preview-size')).toHaveText(
      t('buildings:upload.resultSize', { width: '40 ft', height: '20 ft' }),
    );
    await upload.getByTestId('map-upload-submit').click();
    await expect(toast(page, t('buildings:upload.saved', { floor: 'Ground' }), 'success')).toBeVisible();
    await expect(page.getByTestId('floor-map-size')).toHaveText(
      t('buildings:map.extent', { width: '40 ft', height: '20 ft' }),
    );

    // The map is fitted to the floor: its middle is the middle of the plan.
    await page.getByTestId('floor-map').getByTestId('floor-map-canvas').click();
    const station = page.getByRole('form', { name: t('buildings:stations.newTitle') });
    const x = station.getByLabel(t('buildings:stations.x'), { exact: true });
    const y = station.getByLabel(t('buildings:stations.y'), { exact: true });
    // Within a pixel of the middle; then typed exactly, as a user corrects a click.
    await expect(async () => expect(Number(await x.inputValue())).toBeCloseTo(20, 0)).toPass();
    expect(Number(await y.inputValue())).toBeCloseTo(10, 0);
    await x.fill('20');
    await y.fill('10');
    await station.getByLabel(t('buildings:stations.name')).fill('Reception');
    await station.getByLabel(t('buildings:stations.heading')).fill('90');
    await station.getByTestId('station-form-submit').click();
    await expect(
      toast(page, t('buildings:stations.created', { name: 'Reception' }), 'success'),
    ).toBeVisible();
    const row = page.getByTestId('stations-table').getByRole('row').filter({ hasText: 'Reception' });
    await expect(row).toContainText('20 ft');
    await expect(row).toContainText('10 ft');
    await expect(row).toContainText('90°');

    // Stored in the contract's metres and radians.
    const detail = await consoleApi.call(
      api.searchBuildings,
      { body: { pageIndex: 1, pageLength: 5, requestData: { name } } },
      session.token,
    );
    const building = await consoleApi.call(
      api.getBuilding,
      { params: { id: detail.list[0]?.id ?? '' } },
      session.token,
    );
    const floor = building.floors[0];
    expect(floor?.map?.resolution).toBeCloseTo(0.1 * FOOT, 9);
    const [stored] = await consoleApi.call(
      api.listStations,
      { params: { id: floor?.id ?? '' } },
      session.token,
    );
    expect(stored?.x).toBeCloseTo(20 * FOOT, 3);
    expect(stored?.y).toBeCloseTo(10 * FOOT, 3);
    expect(stored?.theta).toBeCloseTo(Math.PI / 2, 6);
  } finally {
    await removeBuildingsNamed(consoleApi, session.token, name);
  }
});
