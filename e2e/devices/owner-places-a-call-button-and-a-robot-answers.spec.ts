import { api } from '@fleet/contract';
import { SimDevice, SimRobot } from '@fleet/sim';
import { choose } from '../lifts/lift-helpers.js';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { E2E_MQTT_PORT } from '../support/ports.js';

/*
 * DEVICES-BIND, DEVICES-CALLS: an owner registers a call button, places it on Acme Tower's lobby map, someone
 * presses it (a simulated device) and the owner watches a robot arrive in its timeline. The robot is this story's
 * own, standing two metres from the point and the only one the device allows, so the demo fleet's couriers stay out.
 */

test('an owner places a call button on the lobby map; a press brings a robot, seen arriving on the timeline', async ({
  page,
  signedIn,
  api: client,
}) => {
  test.setTimeout(90_000);
  const owner = await signedIn('owner');
  const stamp = Date.now();
  const name = `E2E-BTN-${stamp}`;
  const label = `E2E table ${stamp}`;
  const url = `mqtt://127.0.0.1:${E2E_MQTT_PORT}`;
  let robot: SimRobot | undefined;
  let button: SimDevice | undefined;
  let robotId: string | undefined;
  let deviceId: string | undefined;
  try {
    await page.goto('/device');
    await page.getByTestId('device-register').click();
    const form = page.getByTestId('device-form');
    await form.getByLabel(text('en', 'devices:form.name')).fill(name);
    await form.getByLabel(text('en', 'devices:form.label')).fill(label);
    await page.getByRole('button', { name: text('en', 'devices:form.register'), exact: true }).click();
    const password = (await page.getByTestId('device-password').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'OK' }).click();

    await page.getByTestId('devices-search').fill(name);
    const row = page.getByTestId('devices-table').locator('tr', { hasText: label });
    await expect(row).toHaveCount(1);
    await row.getByTestId('device-actions').click();
    await page.getByRole('menuitem', { name: text('en', 'devices:actions.place') }).click();
    const place = page.getByTestId('device-place-form');
    await choose(page, place.getByTestId('device-place-building'), 'Acme Tower');
    await choose(page, place.getByTestId('device-place-floor'), 'Lobby');
    const map = place.getByTestId('device-place-map').getByTestId('floor-map-canvas');
    const box = await map.boundingBox();
    if (!box) throw new Error('no map');
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(place).toContainText('x ');
    await page.getByRole('button', { name: text('en', 'devices:place.ok') }).click();
    await expect(row).toContainText('Acme Tower');
    await expect(row).toContainText('Lobby');

    const devices = await client.call(
      api.searchMiniDevices,
      { body: { pageIndex: 1, pageLength: 1, requestData: { name } } },
      owner.token,
    );
    const device = devices.list[0];
    if (!device?.point || !device.floorId || !device.buildingId) throw new Error('the device was not placed');
    deviceId = device.id;
    const made = await client.call(
      api.registerRobot,
      {
        body: {
          name: `Answer ${stamp}`,
          model: 'Courier C2',
          manufacturer: 'e2e',
          serialNumber: `E2E-ANSWER-${stamp}`,
          buildingId: device.buildingId,
        },
      },
      owner.token,
    );
    robotId = made.robot.id;
    robot = new SimRobot({
      url,
      manufacturer: 'e2e',
      serialNumber: `E2E-ANSWER-${stamp}`,
      password: made.credentials.password,
      pose: { mapId: device.floorId, x: device.point.x + 2, y: device.point.y, theta: 0 },
      params: { speed: 1.5, errorProbabilityPerSecond: 0 },
      stateIntervalMs: 250,
    });
    await robot.start();
    await client.call(
      api.editMiniDevice,
      {
        body: {
          id: device.id,
          label,
          type: 'callButton',
          model: '',
          allowedRobotIds: [made.robot.id],
          allowedModels: [],
          minBattery: 0,
          heartbeatS: 60,
        },
      },
      owner.token,
    );
    // The row turns online by /live's push (DEVICES-LIVE): with the table's search refused meanwhile, only the
    // push can bring it.
    const search = `**${api.searchMiniDevices.path}`;
    await page.route(search, (route) => route.abort());
    button = new SimDevice({ url, name, password, battery: 90 });
    await button.start();
    await expect(row).toContainText(text('en', 'devices:live.online'));
    await expect(row).toContainText('90');
    await page.unroute(search);

    await row.getByTestId('device-open').click();
    const drawer = page.getByTestId('device-drawer');
    await expect(drawer).toBeVisible();
    await button.press();
    const timeline = drawer.getByTestId('device-timeline');
    await expect(timeline.locator('[data-kind="callCreated"]')).toBeVisible({ timeout: 15_000 });
    await expect(timeline.locator('[data-kind="robotArrived"]')).toBeVisible({ timeout: 30_000 });
    await expect(drawer.getByTestId('device-open-call')).toContainText(`Answer ${stamp}`);
  } finally {
    await button?.stop().catch(() => {});
    await robot?.stop().catch(() => {});
    if (deviceId)
      await client.call(api.removeMiniDevice, { params: { id: deviceId } }, owner.token).catch(() => {});
    if (robotId) await client.call(api.removeRobot, { params: { id: robotId } }, owner.token).catch(() => {});
  }
});
