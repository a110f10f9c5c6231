import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robots } from '../../src/db/schema/index.js';
import { identityOf } from '../../src/fleet/identity-of.js';
import { hashRobotSecret } from '../../src/fleet/robot-credentials.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { eventually, ROBOT } from './fleet-helpers.js';
import { state } from './vda-samples.js';

let t: TestApp;
let url: string;
let robotId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${base.replace('http', 'ws')}/mqtt`;
  const [row] = await t.regional.db
    .insert(robots)
    .values({
      companyId: '00000000-0000-4000-8000-000000000001',
      name: 'WebSocket robot',
      manufacturer: ROBOT.manufacturer,
      serialNumber: ROBOT.serialNumber,
      model: 'virtual',
      mqttSecretHash: hashRobotSecret(ROBOT.password),
    })
    .returning();
  if (!row) throw new Error('robot not created');
  t.app.fleet.store.register(identityOf(row));
  robotId = row.id;
});
afterAll(() => t.close());

describe('MQTT over WebSocket at /mqtt', () => {
  it('a robot connects with its credentials, is heard, and receives its commands', async () => {
    const robot = await mqtt.connectAsync(url, {
      username: `${ROBOT.manufacturer}/${ROBOT.serialNumber}`,
      password: ROBOT.password,
      reconnectPeriod: 0,
    });
    const root = `uagv/v2/${ROBOT.manufacturer}/${ROBOT.serialNumber}`;
    await robot.subscribeAsync(`${root}/instantActions`, { qos: 1 });
    const command = new Promise<string>((resolve) => robot.on('message', (_t, p) => resolve(String(p))));
    await robot.publishAsync(
      `${root}/state`,
      JSON.stringify(state({ ...ROBOT, batteryState: { batteryCharge: 47, charging: false } })),
      { qos: 1 },
    );
    await eventually('heard over WebSocket', () => t.app.fleet.store.get(robotId)?.battery === 47);
    await t.app.fleet.bus.publish(`${root}/instantActions`, '{"actions":[]}', { qos: 1 });
    expect(await command).toBe('{"actions":[]}');
    await robot.endAsync();
  });

  it('still carries robots after the telemetry thread was started again', async () => {
    const { thread } = t.app.fleet;
    const first = thread.current;
    await first?.terminate();
    await eventually('a new thread, ready', () => thread.current !== first && thread.bridgePort !== null);
    const robot = await eventually('connected over WebSocket again', () =>
      mqtt
        .connectAsync(url, {
          username: `${ROBOT.manufacturer}/${ROBOT.serialNumber}`,
          password: ROBOT.password,
          reconnectPeriod: 0,
          connectTimeout: 1000,
        })
        .catch(() => undefined),
    );
    await robot.publishAsync(
      `uagv/v2/${ROBOT.manufacturer}/${ROBOT.serialNumber}/state`,
      JSON.stringify(state({ ...ROBOT, batteryState: { batteryCharge: 33, charging: false } })),
      { qos: 1 },
    );
    await eventually('heard after the restart', () => t.app.fleet.store.get(robotId)?.battery === 33);
    await robot.endAsync();
  });

  it('a wrong password is refused', async () => {
    await expect(
      mqtt.connectAsync(url, {
        username: `${ROBOT.manufacturer}/${ROBOT.serialNumber}`,
        password: 'wrong',
        reconnectPeriod: 0,
        connectTimeout: 3000,
      }),
    ).rejects.toThrow();
  });
});
