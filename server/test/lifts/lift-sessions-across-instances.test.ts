import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import { liftSessions } from '../../src/db/schema/index.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { topicsOfRun } from '../fleet/topology-helpers.js';
import { buildTestApp, type TestApp } from '../helper.js';
import { type WalkContext, walkContext } from '../walk-fixture.js';

/*
 * LIFTS-SESSIONS-SHARED: two instances on one PostgreSQL and one broker (the machine's Mosquitto). An instance that
 * starts beside another leaves the other's lift sessions alone (alone, it would end every session left open), knows
 * the lift is held there, and the instance carrying the building ends the sessions of an instance that is gone.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_MQTT_URL)(
  'lift sessions across instances',
  () => {
    const run = randomUUID().slice(0, 8);
    const shared = loadConfig({
      MQTT_URL: process.env.TEST_MQTT_URL ?? '',
      ...topicsOfRun(`lx${run}`),
    });
    let a: TestApp;
    let c: WalkContext;
    let other: Database;
    let b: FastifyInstance;

    const session = async (id: string) => {
      const [row] = await a.regional.db.select().from(liftSessions).where(eq(liftSessions.id, id));
      return row;
    };
    const open = async (instanceId: string, openedAt = new Date()) => {
      const id = randomUUID();
      const [lift] = await a.regional.db
        .insert(liftSessions)
        .values({
          id,
          companyId: c.acme,
          liftId: c.lift,
          purpose: 'operator',
          robotIds: [],
          phase: 'operator',
          deadline: new Date(Date.now() + 600_000),
          openedAt,
          instanceId,
        })
        .returning();
      expect(lift).toBeDefined();
      return id;
    };

    beforeAll(async () => {
      a = await buildTestApp({
        mqtt: shared.mqtt,
        vdaPrefix: shared.vdaPrefix,
        liftPrefix: shared.liftPrefix,
        devicePrefix: shared.devicePrefix,
      });
      c = await walkContext(a);
    });
    afterAll(async () => {
      await b?.close();
      await other?.close();
      await a?.close();
    });

    it('an instance starting beside another leaves its sessions open and knows the lift is held there', async () => {
      const mine = a.app.fleet.ownership.self;
      expect(mine).not.toBeNull();
      const held = await open(mine ?? '');
      other = await openDatabase(a.databaseUrl, null);
      b = await buildApp({ config: a.config, directory: other, regional: other, logger: false });
      await b.ready();
      await eventually('both instances know each other', () => a.app.fleet.ownership.instances.length === 2);
      // B has read the sessions of the others by the time it answers (and again every second).
      await eventually(
        'B knows A holds the lift',
        () => b.lifts.sessions.testCall(c.lift, 'S', 1000, c.user.owner) === null,
      );
      const row = await session(held);
      expect(row?.endedAt).toBeNull();
    });

    it('a session of an instance that may have just started is left alone', async () => {
      // Perhaps not in the others' list yet: the carrier waits as long as an instance may go unseen.
      const young = await open(randomUUID());
      await new Promise((r) => setTimeout(r, 2500));
      expect((await session(young))?.endedAt).toBeNull();
    });

    it('the instance carrying the building ends the session of an instance that is gone', async () => {
      // Opened a minute ago by an instance no longer among the living.
      const gone = await open(randomUUID(), new Date(Date.now() - 60_000));
      const row = await eventually('the gone instance’s session ended', async () => {
        const r = await session(gone);
        return r?.endedAt && r;
      });
      expect(row).toMatchObject({
        endReason: 'restart',
        endNote: 'the console instance holding the session stopped',
      });
    });
  },
);
