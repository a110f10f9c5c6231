import { api } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { dialog, unique } from '../support/people-helpers.js';
import { toast } from '../support/shell.js';
import { createBuilding, removeBuildingsNamed } from './building-helpers.js';

const t = (key: string, values?: Record<string, string | number>) => text('en', key, values);

/** A 200 × 100 binary PGM as map_saver writes it: free space with an occupied border. */
function pgm(width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n# CREATOR: map_saver.cpp 0.050 m/pix\n${width} ${height}\n255\n`, 'ascii');
  const pixels = Buffer.alloc(width * height, 254);
  for (let x = 0; x < width; x++) {
    pixels[x] = 0;
    pixels[(height - 1) * width + x] = 0;
  }
  return Buffer.concat([header, pixels]);
}

const yaml = (yaw: number) =>
  `image: office.pgm\nresolution: 0.050000\norigin: [-5.0, -2.5, ${yaw}]\nnegate: 0\noccupied_thresh: 0.65\nfree_thresh: 0.196\n`;

test('the owner uploads a ROS map pair: a rotated map is refused on the files, the fixed YAML is taken', async ({
  page,
  signedIn,
  api: consoleApi,
}) => {
  const session = await signedIn('owner', { storage: { userUnits: 'metric' } });
  const name = unique('E2E Warehouse');
  const building = await createBuilding(consoleApi, session.token, name);
  try {
    const floor = await consoleApi.call(
      api.createFloor,
      { body: { buildingId: building.id, name: 'Dock', level: 0 } },
      session.token,
    );
    await page.goto(`/buildings?building=${building.id}&floor=${floor.id}`);
    await page.getByTestId('floor-map-upload').click();
    const upload = dialog(page, t('buildings:upload.title', { floor: 'Dock' }));
    await upload.getByText(t('buildings:upload.formats.ros')).click();
    // The ROS picker replaces the image picker once the choice has rendered: its own input, not any file input.
    const files = upload.getByTestId('map-ros-input');
    await files.setInputFiles([
      { name: 'office.pgm', mimeType: 'image/x-portable-graymap', buffer: pgm(200, 100) },
      { name: 'office.yaml', mimeType: 'application/yaml', buffer: Buffer.from(yaml(0.5)) },
    ]);
    await expect(upload.getByTestId('map-file-chosen')).toHaveText(['office.pgm', 'office.yaml']);
    // 200 × 100 pixels at the YAML's 5 cm.
    await expect(upload.getByTestId('map-preview-size')).toHaveText(
      t('buildings:upload.resultSize', { width: '10 m', height: '5 m' }),
    );
    await upload.getByTestId('map-upload-submit').click();
    await expect(page.locator('#map-upload_ros_help')).toContainText('yaw must be 0');

    await files.setInputFiles({
      name: 'office.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(yaml(0)),
    });
    await upload.getByTestId('map-upload-submit').click();
    await expect(toast(page, t('buildings:upload.saved', { floor: 'Dock' }), 'success')).toBeVisible();
    await expect(page.getByTestId('floor-map-size')).toHaveText(
      t('buildings:map.extent', { width: '10 m', height: '5 m' }),
    );
    const stored = await consoleApi.call(api.getFloor, { params: { id: floor.id } }, session.token);
    expect(stored.map).toMatchObject({
      contentType: 'image/png',
      width: 200,
      height: 100,
      origin: { x: -5, y: -2.5 },
    });
  } finally {
    await removeBuildingsNamed(consoleApi, session.token, name);
  }
});
