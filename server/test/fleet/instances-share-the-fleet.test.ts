import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { robotErrorEvents, robotStateSamples, robots, robotTasks } from '../../src/db/schema/index.js';
import { type Fleet, startFleet } from '../../src/fleet/fleet-service.js';
import { robotTopic } from '../../src/fleet/vda/topics.js';
import { freshDatabase } from '../helper.js';
import { eventually } from './fleet-helpers.js';
import { state } from './vda-samples.js';

const COMPANY = '00000000-0000-4000-8000-000000000001';
const ROBOTS = 24;

// Several instances need a database and a broker they share: PostgreSQL and the machine's Mosquitto.
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_MQTT_URL)(
  'instances on one broker share the fleet',
  () => {
    // Topics of this run only: the broker is shared with every other test file.
    const vdaInterface = `share${randomUUID().slice(0, 8)}`;
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    let a: Fleet;
    let b: Fleet;
    let robot: mqtt.MqttClient;
    const ids: string[] = [];
    const serials: string[] = [];

    const start = () =>
      startFleet({
        config: loadConfig({
          MQTT_URL: process.env.TEST_MQTT_URL ?? '',
          VDA_INTERFACE: vdaInterface,
          LOG_LEVEL: 'silent',
        }),
        reg: fresh.db.db,
        log: pino({ level: 'silent' }),
        metrics: new Registry(),
        sharedDatabase: true,
        listen: (channel, handlers) => fresh.db.listen(channel, handlers),
        peripheralLogin: async () => null,
      });

    /** Every robot reports once, with the errors given (or none). */
    const report = async (errorType?: string) => {
      for (const serialNumber of serials) {
        await robot.publishAsync(
          robotTopic(a.prefix, 'fleetsim', serialNumber, 'state'),
          JSON.stringify(
            state({
              manufacturer: 'fleetsim',
              serialNumber,
              errors: errorType ? [{ errorType, errorLevel: 'WARNING' }] : [],
            }),
          ),
        );
      }
    };

    const samplesPerRobot = async () => {
      const rows = await fresh.db.db
        .select({ robotId: robotStateSamples.robotId, n: count() })
        .from(robotStateSamples)
        .groupBy(robotStateSamples.robotId);
      return new Map(rows.map((r) => [r.robotId, r.n]));
    };

    beforeAll(async () => {
      fresh = await freshDatabase();
      for (let i = 0; i < ROBOTS; i++) {
        const serialNumber = `SHARE-${i}`;
        const [row] = await fresh.db.db
          .insert(robots)
          .values({
            companyId: COMPANY,
            name: serialNumber,
            manufacturer: 'fleetsim',
            serialNumber,
            model: 'm',
          })
          .returning({ id: robots.id });
        ids.push(row?.id ?? '');
        serials.push(serialNumber);
      }
      a = await start();
      b = await start();
      // A learns of B at its next beat.
      await eventually('both instances know each other', () => a.ownership.instances.length === 2);
      robot = await mqtt.connectAsync(process.env.TEST_MQTT_URL ?? '');
    });
    afterAll(async () => {
      await robot?.endAsync();
      await b?.close();
      await a?.close();
      await fresh?.drop();
    });

    it('every instance sees every robot, and each robot’s history is written by one of them', async () => {
      expect(ids.filter((id) => a.ownership.owns(id)).length).toBeGreaterThan(0);
      expect(ids.filter((id) => b.ownership.owns(id)).length).toBeGreaterThan(0);
      for (const id of ids) expect(a.ownership.owns(id)).toBe(!b.ownership.owns(id));

      await report();
      for (const fleet of [a, b]) {
        await eventually('every robot heard', () => ids.every((id) => fleet.store.get(id)?.lastSeenAt));
      }
      await a.history.flush();
      await b.history.flush();
      const samples = await samplesPerRobot();
      expect([...samples.keys()].sort()).toEqual([...ids].sort());
      for (const n of samples.values()) expect(n).toBe(1);
    });

    it('an error is one event, whichever instance writes it', async () => {
      await report('laserBlocked');
      for (const fleet of [a, b]) {
        await eventually('every error heard', () =>
          ids.every((id) => fleet.store.get(id)?.errors.length === 1),
        );
      }
      await a.history.flush();
      await b.history.flush();
      const [open] = await fresh.db.db
        .select({ n: count() })
        .from(robotErrorEvents)
        .where(isNull(robotErrorEvents.endedAt));
      expect(open?.n).toBe(ROBOTS);
    });

    it('a delivery sent through one instance is recorded as one, with its intervention, by the instance writing its robot (FLEET-TASK-NOTES-SHARED)', async () => {
      const id = ids.find((r) => b.ownership.owns(r)) ?? '';
      const serialNumber = serials[ids.indexOf(id)] ?? '';
      const publish = (over: Parameters<typeof state>[0]) =>
        robot.publishAsync(
          robotTopic(a.prefix, 'fleetsim', serialNumber, 'state'),
          JSON.stringify(state({ manufacturer: 'fleetsim', serialNumber, ...over })),
        );
      const heard = vi.spyOn(b.history, 'hear');
      // A sends the order (its purpose noted), the robot drives it, an operator on A pauses it on the way.
      a.history.noteOrigin('order-delivery', 'deliver');
      await publish({ orderId: 'order-delivery', driving: true });
      await eventually('B follows the order', () => b.store.get(id)?.orderId === 'order-delivery');
      a.history.noteIntervention(id);
      await eventually('B heard both notes', () => heard.mock.calls.length === 2);
      await publish({ orderId: 'order-delivery', driving: false });
      await eventually('the order done on B', () => b.store.get(id)?.driving === false);
      await a.history.flush();
      await b.history.flush();
      const tasks = await fresh.db.db
        .select({ type: robotTasks.type, interventions: robotTasks.interventions })
        .from(robotTasks)
        .where(eq(robotTasks.robotId, id));
      expect(tasks).toEqual([{ type: 'deliver', interventions: 1 }]);
    });

    it('an instance that stops hands its robots over: the other writes them and ends their errors', async () => {
      const handedOver = ids.filter((id) => b.ownership.owns(id));
      await a.history.flush();
      await b.history.flush();
      const before = await samplesPerRobot();
      await b.close();
      const stoppedAt = Date.now();
      await eventually('A alone', () => a.ownership.instances.length === 1);
      // A beats every second: it takes over at its next beat after B's row is gone.
      expect(Date.now() - stoppedAt).toBeLessThan(1500);
      for (const id of ids) expect(a.ownership.owns(id)).toBe(true);

      await report();
      await eventually('every error cleared', () => ids.every((id) => a.store.get(id)?.errors.length === 0));
      await a.history.flush();
      const samples = await samplesPerRobot();
      // One more each: the report after the handover, written once.
      for (const id of ids) expect(samples.get(id)).toBe((before.get(id) ?? 0) + 1);
      for (const id of handedOver) {
        const events = await fresh.db.db
          .select({ endedAt: robotErrorEvents.endedAt })
          .from(robotErrorEvents)
          .where(and(eq(robotErrorEvents.robotId, id), eq(robotErrorEvents.code, 'laserBlocked')));
        // Opened by B, ended by A.
        expect(events).toHaveLength(1);
        expect(events[0]?.endedAt).not.toBeNull();
      }
    });
  },
);
