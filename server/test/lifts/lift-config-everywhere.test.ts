import { randomUUID } from 'node:crypto';
import { SimLift } from '@fleet/sim';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { followLiftChanges } from '../../src/modules/lifts/link/lift-changes.js';
import { LiftLiveStore } from '../../src/modules/lifts/link/lift-live-store.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { topicsOfRun } from '../fleet/topology-helpers.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { acmeTower, type TowerOnTwoInstances, towerOnTwoInstances } from './tower-instances.fixture.js';
import { towerLift } from './tower-lift.fixture.js';

/*
 * LIFTS-CONFIG-EVERYWHERE: a lift, bank or gateway created, edited, removed or set out of service through one
 * instance reaches every instance's live store (migration 0024's triggers, link/lift-changes.ts).
 */

const POLICY = {
  callTimeoutS: 20,
  boardingTimeoutS: 30,
  rideTimeoutS: 60,
  sessionTimeoutS: 180,
  doorHoldS: 4,
};
/** The rule: another instance knows a change within a second. */
const WITHIN_MS = 1000;

const quiet = { warn: () => {} } as unknown as FastifyBaseLogger;

/** A second lift of the tower's bank "Core", on the same gateway. */
async function secondLift(app: FastifyInstance, token: string, liftId: string): Promise<string> {
  const first = must(
    (await call(app, 'listLiveLifts', { token, query: {} })).body.data.find((l) => l.id === liftId),
  );
  const banks = await call(app, 'listLiftBanks', { token, query: { buildingId: first.buildingId } });
  const lift = must(
    must(banks.body.data.find((b) => b.id === first.bankId)).lifts.find((l) => l.id === liftId),
  );
  const made = await call(app, 'createLift', {
    token,
    body: {
      bankId: first.bankId,
      name: 'Lift B',
      gatewayLiftName: 'B',
      doorSides: lift.doorSides,
      servedFloorIds: lift.servedFloorIds,
      landings: lift.landings,
    },
  });
  expect(made.status, made.body.info).toBe(200);
  return made.body.data.id;
}

describe('lift changes heard from the database (LIFTS-CONFIG-EVERYWHERE)', () => {
  let a: TestApp;
  let owner: string;
  const store = new LiftLiveStore();
  const limits = new Map<string, number>();
  const forgotten: string[] = [];
  let follower: { close(): Promise<void> };

  beforeAll(async () => {
    a = await buildTestApp();
    owner = await login(a.app, 'owner@acme.test');
    const load = async () => ({ gatewayIds: new Set<string>(), liftIds: new Set<string>() });
    follower = await followLiftChanges(
      (channel, handlers) => a.regional.listen(channel, handlers),
      a.regional.db,
      {
        store,
        setBankLimit: (bankId, max) => limits.set(bankId, max),
        load,
        forgetLift: (id) => {
          // As the lift link's: a lift it does not keep is nothing to forget (a removal is heard more than once).
          if (!store.identity(id)) return;
          forgotten.push(id);
          store.unregister(id);
        },
      },
      quiet,
    );
  });
  afterAll(async () => {
    await follower?.close();
    await a?.close();
  });

  it('follows a gateway, a bank and a lift made, set out of service and removed through the API', async () => {
    const made = await towerLift(a.app, owner, await acmeTower(a.regional.db), POLICY);
    const lift = await eventually('the lift read', () => store.identity(made.liftId));
    expect(lift).toMatchObject({
      name: 'Lift A',
      liftName: 'A',
      gatewayId: made.gatewayId,
      outOfService: false,
    });
    expect(store.hasGateway(made.gatewayId)).toBe(true);
    expect(limits.get(lift.bankId)).toBe(1);

    const off = await call(a.app, 'liftCommand', {
      token: owner,
      params: { id: made.liftId },
      body: { type: 'outOfService', on: true, reason: 'maintenance' },
    });
    expect(off.status, off.body.info).toBe(200);
    await eventually('out of service', () => store.identity(made.liftId)?.outOfService);

    const renamed = await call(a.app, 'editLift', {
      token: owner,
      body: { id: made.liftId, name: 'Lift A1' },
    });
    expect(renamed.status, renamed.body.info).toBe(200);
    await eventually('renamed', () => store.identity(made.liftId)?.name === 'Lift A1');

    const removed = await call(a.app, 'removeLiftBank', { token: owner, params: { id: lift.bankId } });
    expect(removed.status, removed.body.info).toBe(200);
    await eventually('the lift forgotten', () => !store.identity(made.liftId));
    expect(forgotten).toEqual([made.liftId]);
    const gone = await call(a.app, 'removeLiftGateway', { token: owner, params: { id: made.gatewayId } });
    expect(gone.status, gone.body.info).toBe(200);
    await eventually('the gateway forgotten', () => !store.hasGateway(made.gatewayId));
  });
});

/*
 * Two instances on one PostgreSQL and one broker (the machine's Mosquitto) and a simulated gateway: the instance
 * carrying the tower knows at once what the other one changed.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_MQTT_URL)(
  'lift configuration on every instance (LIFTS-CONFIG-EVERYWHERE)',
  () => {
    const shared = loadConfig({
      MQTT_URL: process.env.TEST_MQTT_URL ?? '',
      ...topicsOfRun(`lc${randomUUID().slice(0, 8)}`),
    });
    let t: TowerOnTwoInstances;
    let owner: string;

    const liveOn = async (app: FastifyInstance, id: string) =>
      (await call(app, 'listLiveLifts', { token: owner, query: {} })).body.data.find((l) => l.id === id);
    /** Waits at most the rule's second. */
    const within = <T>(what: string, check: () => Promise<T | undefined | false>) =>
      eventually(what, check, WITHIN_MS);

    beforeAll(async () => {
      const car = new SimLift('A', ['0', '12'], { floorTravelS: 0.1, doorS: 0.2, humanDwellS: 1 }, '0');
      t = await towerOnTwoInstances(shared, car, POLICY);
      owner = t.owner;
    }, 60_000);
    afterAll(async () => t?.close());

    it('a lift set out of service through the other instance is out of service on the carrier within 1 s', async () => {
      const { carrier, bystander, liftId } = t;
      const off = await call(bystander, 'liftCommand', {
        token: owner,
        params: { id: liftId },
        body: { type: 'outOfService', on: true, reason: 'maintenance' },
      });
      expect(off.status, off.body.info).toBe(200);
      const live = await within('out of service on the carrier', async () => {
        const lift = await liveOn(carrier, liftId);
        return lift?.outOfService && lift;
      });
      expect(live).toMatchObject({ outOfService: true, blocked: 'outOfService' });
      expect(carrier.lifts.store.blocked(liftId)).toBe('outOfService');

      const on = await call(bystander, 'liftCommand', {
        token: owner,
        params: { id: liftId },
        body: { type: 'outOfService', on: false, reason: 'back from maintenance' },
      });
      expect(on.status, on.body.info).toBe(200);
      await within(
        'back in service on the carrier',
        async () => (await liveOn(carrier, liftId))?.outOfService === false,
      );
    });

    it('a lift created through one instance is known by the other within 1 s, and a removed one is gone', async () => {
      const { a, b } = t;
      const id = await secondLift(a.app, owner, t.liftId);
      const live = await within('the new lift on the other instance', () => liveOn(b, id));
      expect(live).toMatchObject({ name: 'Lift B', outOfService: false, enabledForRobots: false });
      expect(b.lifts.store.identity(id)).toMatchObject({ liftName: 'B', bankId: live.bankId });

      const removed = await call(a.app, 'removeLift', { token: owner, params: { id } });
      expect(removed.status, removed.body.info).toBe(200);
      await within('the lift gone on the other instance', async () => !(await liveOn(b, id)));
      expect(b.lifts.store.identity(id)).toBeUndefined();
    });

    it('a gateway registered through one instance is known by the other, and a removed one is forgotten', async () => {
      const { a, b } = t;
      const registered = await call(b, 'registerLiftGateway', { token: owner, body: { name: 'Annex' } });
      expect(registered.status, registered.body.info).toBe(200);
      const id = registered.body.data.gateway.id;
      await within('the gateway on the first instance', async () => a.app.lifts.store.hasGateway(id));
      const removed = await call(b, 'removeLiftGateway', { token: owner, params: { id } });
      expect(removed.status, removed.body.info).toBe(200);
      await within('the gateway forgotten', async () => !a.app.lifts.store.hasGateway(id));
    });

    // Last: the tower goes.
    it('a building removed through the other instance ends the carrier’s session on its lift within 1 s (LIFTS-REMOVED-EVERYWHERE)', async () => {
      const { carrier, bystander, liftId } = t;
      const opened = await call(bystander, 'liftCommand', {
        token: owner,
        params: { id: liftId },
        body: { type: 'robotMode', on: true, reason: 'check' },
      });
      expect(opened.status, opened.body.info).toBe(200);
      const sessionId = must(opened.body.data.holder).sessionId;
      expect(carrier.lifts.sessions.holder(liftId)?.sessionId).toBe(sessionId);
      expect(bystander.lifts.sessions.holder(liftId)).toBeUndefined();

      const removed = await call(bystander, 'removeBuilding', { token: owner, params: { id: t.tower } });
      expect(removed.status, removed.body.info).toBe(200);
      await within('the session ended on the carrier', async () => !carrier.lifts.sessions.holder(liftId));
      for (const app of [carrier, bystander]) expect(app.lifts.store.identity(liftId)).toBeUndefined();
    });
  },
);
