import { api } from '@fleet/contract';
import { SimRobot } from '@fleet/sim';
import { expect, test } from '../support/fixtures.js';
import { robotRow } from '../support/fleet-helpers.js';
import { E2E_MQTT_PORT } from '../support/ports.js';
import { TcpRelay } from '../support/tcp-relay.js';

const KEEPALIVE_S = 4;

test('a robot whose link goes silent shows offline within 1.5 × keepalive + 5 s', async ({
  page,
  signedIn,
  api: server,
}) => {
  const owner = await signedIn('owner');
  const serial = `E2E-SILENT-${Date.now()}`;
  const { robot, credentials } = await server.call(
    api.registerRobot,
    { body: { name: `Silent ${serial}`, model: 'Courier C2', manufacturer: 'e2e', serialNumber: serial } },
    owner.token,
  );
  const relay = await TcpRelay.start(E2E_MQTT_PORT);
  const sim = new SimRobot({
    url: `mqtt://127.0.0.1:${relay.port}`,
    manufacturer: 'e2e',
    serialNumber: serial,
    password: credentials.password,
    keepaliveS: KEEPALIVE_S,
    pose: { mapId: 'e2e-floor', x: 1, y: 1, theta: 0 },
  });
  try {
    await sim.start();
    await page.goto('/robots');
    await page.getByTestId('robot-search').fill(serial);
    await expect(robotRow(page, robot.id)).toHaveAttribute('data-robot-status', 'idle', { timeout: 15_000 });

    relay.goSilent();
    const cut = Date.now();
    const limitMs = 1.5 * KEEPALIVE_S * 1000 + 5000;
    await expect(robotRow(page, robot.id)).toHaveAttribute('data-robot-status', 'offline', {
      timeout: limitMs,
    });
    expect(Date.now() - cut).toBeLessThanOrEqual(limitMs);
  } finally {
    sim.kill();
    await relay.close();
    await server.call(api.removeRobot, { params: { id: robot.id } }, owner.token);
  }
});
