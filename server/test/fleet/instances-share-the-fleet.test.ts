import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import mqtt from 'mqtt';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { robotErrorEvents, robotStateSamples, robots } from '../../src/db/schema/index.js';
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

    it('an instance that stops hands its robots over: the other writes them and ends their errors', async () => {
      const handedOver = ids.filter((id) => b.ownership.owns(id));
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
      for (const id of ids) expect(samples.get(id)).toBe(3);
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
