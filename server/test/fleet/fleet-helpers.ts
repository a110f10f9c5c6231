import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { robots } from '../../src/db/schema/index.js';
import { type Fleet, startFleet } from '../../src/fleet/fleet-service.js';
import { hashRobotSecret } from '../../src/fleet/robot-credentials.js';
import { freshDatabase } from '../helper.js';

export const ROBOT = { manufacturer: 'siemens-lib', serialNumber: 'AGV-001', password: 'robot-secret-1' };

/** The brokers robots are tested through: the embedded one, and the machine's Mosquitto when named. */
export const BROKERS: { name: string; env: Record<string, string> }[] = [
  { name: 'the embedded broker', env: {} },
  ...(process.env.TEST_MQTT_URL ? [{ name: 'Mosquitto', env: { MQTT_URL: process.env.TEST_MQTT_URL } }] : []),
];

/** A fleet on a fresh database with one registered robot; the embedded broker on a free port. */
export async function fleetWithOneRobot(env: Record<string, string> = {}, serialNumber = ROBOT.serialNumber) {
  const fresh = await freshDatabase();
  const [row] = await fresh.db.db
    .insert(robots)
    .values({
      companyId: '00000000-0000-4000-8000-000000000001',
      name: 'Lib robot',
      manufacturer: ROBOT.manufacturer,
      serialNumber,
      model: 'virtual',
      mqttSecretHash: hashRobotSecret(ROBOT.password),
      expectedIntervalSeconds: 5,
    })
    .returning();
  if (!row) throw new Error('robot not created');
  const config = loadConfig({ MQTT_PORT: '0', MQTT_HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...env });
  const metrics = new Registry();
  const fleet: Fleet = await startFleet({
    config,
    reg: fresh.db.db,
    log: pino({ level: 'silent' }),
    metrics,
    // These tests have robots only; the lift tests bring their gateways.
    peripheralLogin: async () => null,
  });
  afterAll(async () => {
    await fleet.close();
    await fresh.drop();
  });
  const brokerUrl = config.mqtt.url ?? `mqtt://127.0.0.1:${fleet.broker?.port}`;
  return { fleet, robotId: row.id, brokerUrl, metrics };
}

/** Polls until `check` holds or the time is up; the failure names what was awaited. */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    // Awaited, so an async check is judged by its answer, not by its (always truthy) promise.
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
