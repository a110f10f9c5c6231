import { randomUUID } from 'node:crypto';
import { SimRobot } from '@fleet/sim';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { buildings, deviceCalls, floors } from '../../src/db/schema/index.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { topicsOfRun } from '../fleet/topology-helpers.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

/*
 * DEVICES-CALLS-ONE-OWNER: two instances of the console on one PostgreSQL and one broker (the machine's Mosquitto).
 * Both hear every device; the one that carries the device's building makes its calls and sends its robots, and
 * the other shows them and hands its operators' test calls and cancels over. When the carrier stops, the other
 * takes its open calls over.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_MQTT_URL)(
  'device calls across instances',
  () => {
    const run = randomUUID().slice(0, 8);
    const env = {
      MQTT_URL: process.env.TEST_MQTT_URL ?? '',
      ...topicsOfRun(`cx${run}`),
    };
    const shared = loadConfig(env);
    let a: TestApp;
    let other: Database;
    let b: FastifyInstance | undefined;
    let owner: string;
    let tower: string;
    let lobby: string;
    const clients: mqtt.MqttClient[] = [];
    const sims: SimRobot[] = [];

    beforeAll(async () => {
      a = await buildTestApp({
        mqtt: shared.mqtt,
        vdaPrefix: shared.vdaPrefix,
        liftPrefix: shared.liftPrefix,
        devicePrefix: shared.devicePrefix,
        // A waiting call is not escalated or expired while the test runs.
        calls: { escalateAfterS: 600, expireAfterS: 600, arrivedHoldS: 600 },
      });
      other = await openDatabase(a.databaseUrl, null);
      b = await buildApp({ config: a.config, directory: other, regional: other, logger: false });
      await b.ready();
      await eventually('both instances know each other', () => a.app.fleet.ownership.instances.length === 2);
      owner = await login(a.app, 'owner@acme.test');
      const [building] = await a.regional.db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
      tower = must(building).id;
      const [floor] = await a.regional.db
        .select()
        .from(floors)
        .where(and(eq(floors.buildingId, tower), eq(floors.level, 0)));
      lobby = must(floor).id;
    });
    afterAll(async () => {
      for (const c of clients) await c.endAsync(true).catch(() => {});
      for (const s of sims) await s.stop().catch(() => {});
      await b?.close();
      await other?.close();
      await a?.close();
    });

    /** Registers a call button on A, places it in the lobby and connects it to the broker. */
    async function button(name: string) {
      const made = await call(a.app, 'registerMiniDevice', {
        token: owner,
        body: { name, label: `Table ${name}`, type: 'callButton' },
      });
      expect(made.status, made.body.info).toBe(200);
      const { device, credentials } = made.body.data;
      const placed = await call(a.app, 'bindMiniBuilding', {
        token: owner,
        body: { deviceId: device.id, buildingId: tower, floorId: lobby, point: { x: 5, y: 5 } },
      });
      expect(placed.status, placed.body.info).toBe(200);
      const client = await mqtt.connectAsync(process.env.TEST_MQTT_URL ?? '', { reconnectPeriod: 0 });
      clients.push(client);
      const send = (kind: string, body: object) =>
        client.publishAsync(
          `${credentials.topicRoot}/${kind}`,
          JSON.stringify({ ...body, timestamp: new Date().toISOString() }),
          { qos: 1 },
        );
      await send('connection', { connectionState: 'ONLINE' });
      await send('heartbeat', { battery: 80, rssi: -60 });
      let n = 0;
      return {
        id: device.id as string,
        press: () => send('event', { eventId: `e-${name}-${++n}`, type: 'press' }),
      };
    }

    const callsOf = async (deviceId: string) => {
      const [row] = await a.regional.db
        .select({ n: count() })
        .from(deviceCalls)
        .where(eq(deviceCalls.deviceId, deviceId));
      return row?.n ?? 0;
    };
    const openCallOn = async (app: FastifyInstance, id: string) =>
      (await call(app, 'getMiniDevice', { token: owner, params: { id } })).body.data.openCall;

    it('a press makes one call, on the instance that carries the building; the other shows it and cancels it', async () => {
      const instances = [a.app, must(b)];
      const device = await button(`CX-${run}-1`);
      // The placement made on A reached B.
      await eventually(
        'B knows the device’s place',
        () => must(b).devices.store.identity(device.id)?.buildingId === tower,
      );
      const carriers = instances.filter((app) => app.devices.owns(device.id));
      expect(carriers).toHaveLength(1);
      const carrier = must(carriers[0]);
      const bystander = must(instances.find((app) => app !== carrier));

      await device.press();
      await eventually('the call open on the carrier', () => carrier.devices.dispatch.openCallOf(device.id));
      // No robot is free: the call waits, first in the queue, and the other instance shows it so.
      const shown = await eventually('the bystander shows the call', () => openCallOn(bystander, device.id));
      expect(shown).toMatchObject({ state: 'created', queuePosition: 1 });
      expect(bystander.devices.dispatch.openCallOf(device.id)).toBeUndefined();
      await carrier.devices.records.settled();
      expect(await callsOf(device.id)).toBe(1);

      // An operator on the bystander cancels it: the carrier ends it, and both show it gone.
      const cancelled = await call(bystander, 'cancelMiniDeviceCall', {
        token: owner,
        params: { id: device.id },
      });
      expect(cancelled.status, cancelled.body.info).toBe(200);
      expect(cancelled.body.data.state).toBe('cancelled');
      expect(carrier.devices.dispatch.openCallOf(device.id)).toBeUndefined();
      await eventually(
        'the bystander shows no call',
        async () => (await openCallOn(bystander, device.id)) === null,
      );
    });

    it('a test call from the instance that does not carry the building is made by the one that does', async () => {
      const instances = [a.app, must(b)];
      const device = await button(`CX-${run}-2`);
      await eventually(
        'B knows the device’s place',
        () => must(b).devices.store.identity(device.id)?.buildingId === tower,
      );
      const carrier = must(instances.find((app) => app.devices.owns(device.id)));
      const bystander = must(instances.find((app) => app !== carrier));
      const made = await call(bystander, 'testMiniDeviceCall', { token: owner, params: { id: device.id } });
      expect(made.status, made.body.info).toBe(200);
      expect(carrier.devices.dispatch.openCallOf(device.id)?.id).toBe(made.body.data.id);
      await call(bystander, 'cancelMiniDeviceCall', { token: owner, params: { id: device.id } });
    });

    it('when the carrier stops, the other takes its open call over and sends a robot', async () => {
      const device = await button(`CX-${run}-3`);
      await eventually(
        'B knows the device’s place',
        () => must(b).devices.store.identity(device.id)?.buildingId === tower,
      );
      await device.press();
      const carrier = must([a.app, must(b)].find((app) => app.devices.owns(device.id)));
      const survivor = carrier === a.app ? must(b) : a.app;
      const call1 = await eventually('the call open', () => carrier.devices.dispatch.openCallOf(device.id));
      await carrier.close();
      await eventually('the survivor alone', () => survivor.fleet.ownership.instances.length === 1, 5000);
      const taken = await eventually(
        'the survivor carries the call',
        () => survivor.devices.dispatch.openCallOf(device.id),
        5000,
      );
      expect(taken.id).toBe(call1.id);

      // A robot comes online in the building: the call taken over sends it.
      const registered = await call(survivor, 'registerRobot', {
        token: owner,
        body: {
          name: `Runner ${run}`,
          manufacturer: 'sim',
          serialNumber: `CX-${run}`,
          model: 'Runner',
          buildingId: tower,
        },
      });
      expect(registered.status, registered.body.info).toBe(200);
      const sim = new SimRobot({
        url: process.env.TEST_MQTT_URL ?? '',
        manufacturer: 'sim',
        serialNumber: `CX-${run}`,
        topics: { interfaceName: `cx${run}`, majorVersion: 'v2' },
        pose: { x: 2, y: 2, theta: 0, mapId: lobby },
        params: { speed: 4, turnRate: 6, errorProbabilityPerSecond: 0 },
        stateIntervalMs: 200,
        tickMs: 50,
      });
      sims.push(sim);
      await sim.start();
      const answered = await eventually(
        'the robot sent',
        () => {
          const open = survivor.devices.dispatch.openCallOf(device.id);
          return open?.robotId === registered.body.data.robot.id && open;
        },
        10_000,
      );
      expect(answered.id).toBe(call1.id);
      await survivor.devices.records.settled();
      expect(await callsOf(device.id)).toBe(1);
    });
  },
);
