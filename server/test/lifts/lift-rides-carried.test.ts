import { randomUUID } from 'node:crypto';
import { SimLift, type SimLiftGateway, type SimRobot } from '@fleet/sim';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { liftRides, liftSessions, stations } from '../../src/db/schema/index.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { topicsOfRun } from '../fleet/topology-helpers.js';
import { call, type TestApp } from '../helper.js';
import { anotherInstance, courierInLobby, towerOnBroker } from './tower-instances.fixture.js';

/*
 * LIFTS-RIDES-CARRIED: two instances on one PostgreSQL and one broker (the machine's Mosquitto), a simulated lift
 * gateway and a simulated robot on that broker. A go-to sent through the instance that does not carry the building
 * is ridden by the one that does; when that one stops mid-ride, the other goes on with the ride in the session it
 * held, and the go-to finishes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_MQTT_URL)(
  'lift rides carried by the building’s instance',
  () => {
    const run = randomUUID().slice(0, 8);
    const shared = loadConfig({ MQTT_URL: process.env.TEST_MQTT_URL ?? '', ...topicsOfRun(`lr${run}`) });
    let a: TestApp;
    let other: Database;
    let b: FastifyInstance;
    let owner: string;
    let liftId: string;
    let robotId: string;
    let lobby: string;
    let floor12: string;
    let gateway: SimLiftGateway;
    let robot: SimRobot;
    let tower: string;
    /** A third instance, started for the second handover; its database connection. */
    let c: FastifyInstance | undefined;
    let third: Database | undefined;
    const clients: mqtt.MqttClient[] = [];
    /** The instances still running. */
    const running = () => [a.app, b, c].filter((app): app is FastifyInstance => !!app && !closed.has(app));
    const closed = new Set<FastifyInstance>();
    const dbOf = (app: FastifyInstance) => (app === a.app ? a.regional : app === b ? other : must(third)).db;

    beforeAll(async () => {
      // Slow enough that the ride is still under way when its instance stops: 12 floors at 0.6 s each.
      const car = new SimLift('A', ['0', '12'], { floorTravelS: 0.6, doorS: 0.3, humanDwellS: 1 }, '0');
      ({ a, owner, tower, lobby, floor12, liftId, gateway } = await towerOnBroker(
        shared,
        car,
        { callTimeoutS: 20, boardingTimeoutS: 30, rideTimeoutS: 60, sessionTimeoutS: 180, doorHoldS: 4 },
        // A call at its point is not done, and a waiting one not escalated, while the test runs.
        { calls: { escalateAfterS: 600, expireAfterS: 600, arrivedHoldS: 600 } },
      ));
      const tested = await call(a.app, 'testLiftCall', {
        token: owner,
        params: { id: liftId },
        body: { floorCode: '0' },
      });
      expect(tested.body.data?.passed, tested.body.info).toBe(true);
      await eventually('the car released', () => a.app.lifts.store.get(liftId)?.report?.sessionId === null);
      const enabled = await call(a.app, 'setLiftEnabled', {
        token: owner,
        params: { id: liftId },
        body: { enabled: true },
      });
      expect(enabled.status, enabled.body.info).toBe(200);
      ({ robotId, robot } = await courierInLobby(a.app, { owner, tower, lobby }, `LR-${run}`, `lr${run}`));

      // The second instance starts once the lift is set up (it reads the lifts as it starts).
      ({ app: b, db: other } = await anotherInstance(a));
      await eventually('both instances know each other', () =>
        [a.app, b].every((app) => app.fleet.ownership.instances.length === 2),
      );
      await eventually(
        'B sees the robot and the lift',
        () => b.fleet.store.get(robotId)?.position && b.lifts.store.get(liftId)?.report,
      );
    }, 60_000);
    afterAll(async () => {
      for (const client of clients) await client.endAsync(true).catch(() => {});
      await c?.close();
      await third?.close();
      await robot?.stop().catch(() => {});
      await gateway?.stop().catch(() => {});
      await b?.close();
      await other?.close();
      await a?.close();
    });

    it('a go-to sent through the other instance is ridden by the carrier, which goes on from where it was when its carrier stops', async () => {
      const apps = [a.app, b];
      const carrier = must(apps.find((app) => app.lifts.rides.runsHere(liftId)));
      const bystander = must(apps.find((app) => app !== carrier));
      expect(bystander.lifts.rides.runsHere(liftId)).toBe(false);
      const [office] = await a.regional.db
        .select()
        .from(stations)
        .where(and(eq(stations.floorId, floor12), eq(stations.name, 'Office 1201')));

      const sent = await call(bystander, 'sendCommand', {
        token: owner,
        params: { id: robotId },
        body: { type: 'goTo', stationId: must(office).id },
      });
      expect(sent.status, sent.body.info).toBe(200);
      const rideId = must(sent.body.data.reference).replace(/^ride-/, '');
      // The carrier takes it up; the instance the command came through never runs it.
      await eventually(
        'the carrier rides',
        () => carrier.lifts.sessions.rideOf(robotId)?.plan.rideId === rideId,
      );
      expect(bystander.lifts.sessions.rideOf(robotId)).toBeUndefined();
      await eventually(
        'in the car',
        () => carrier.lifts.sessions.rideOf(robotId)?.phase === 'riding',
        30_000,
      );
      const db = dbOf(bystander);
      const heldBy = async () =>
        (await db.select().from(liftSessions).where(eq(liftSessions.id, rideId)))[0]?.instanceId;
      expect(await heldBy()).toBe(carrier.fleet.ownership.self);

      // The carrier stops with the robot in the car: the other goes on with the ride, in the same session.
      await carrier.close();
      closed.add(carrier);
      await eventually('the bystander alone', () => bystander.fleet.ownership.instances.length === 1, 10_000);
      await eventually(
        'the ride taken up',
        () => bystander.lifts.sessions.rideOf(robotId)?.plan.rideId === rideId,
        10_000,
      );
      expect(bystander.lifts.sessions.holder(liftId)?.sessionId).toBe(rideId);
      const ended = await eventually(
        'the go-to ended',
        async () => {
          const list = await call(bystander, 'listCommands', { token: owner, params: { id: robotId } });
          const c = list.body.data.find((x) => x.id === sent.body.data.id);
          return c && c.status !== 'running' ? c : undefined;
        },
        60_000,
      );
      expect(ended.status, ended.detail ?? '').toBe('finished');
      const p = must(bystander.fleet.store.get(robotId)?.position);
      expect(p.mapId).toBe(floor12);
      const sessions = await db.select().from(liftSessions).where(eq(liftSessions.id, rideId));
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({
        endReason: 'completed',
        instanceId: bystander.fleet.ownership.self,
      });
      const [row] = await db.select().from(liftRides).where(eq(liftRides.id, rideId));
      expect(row).toMatchObject({ instanceId: bystander.fleet.ownership.self, endNote: null });
      expect(row?.endedAt).not.toBeNull();
    }, 120_000);

    it('a device call answered by lift goes on with its ride when the instance carrying them stops', async () => {
      // A third instance joins the one left; the robot is on floor 12 and the call button in the lobby.
      ({ app: c, db: third } = await anotherInstance(a));
      const apps = running();
      expect(apps).toHaveLength(2);
      // Each instance learns of the other at its next beat: until both have, they may disagree on who carries what.
      await eventually('both instances know each other', () =>
        apps.every((app) => app.fleet.ownership.instances.length === 2),
      );
      await eventually('the new instance sees the robot', () => must(c).fleet.store.get(robotId)?.position);
      const made = await call(apps[0] as FastifyInstance, 'registerMiniDevice', {
        token: owner,
        body: { name: `LR-${run}-1`, label: 'Reception', type: 'callButton' },
      });
      expect(made.status, made.body.info).toBe(200);
      const { device, credentials } = made.body.data;
      const placed = await call(apps[0] as FastifyInstance, 'bindMiniBuilding', {
        token: owner,
        body: { deviceId: device.id, buildingId: tower, floorId: lobby, point: { x: 30, y: 10.5 } },
      });
      expect(placed.status, placed.body.info).toBe(200);
      await eventually('every instance knows the device’s place', () =>
        apps.every((app) => app.devices.store.identity(device.id)?.buildingId === tower),
      );
      const carriers = apps.filter((app) => app.devices.owns(device.id));
      expect(carriers).toHaveLength(1);
      const carrier = must(carriers[0]);
      const survivor = must(apps.find((app) => app !== carrier));
      // Calls and rides of a building are carried by the same instance.
      expect(carrier.lifts.rides.runsHere(liftId)).toBe(true);
      const button = await mqtt.connectAsync(process.env.TEST_MQTT_URL ?? '', { reconnectPeriod: 0 });
      clients.push(button);
      const send = (kind: string, body: object) =>
        button.publishAsync(
          `${credentials.topicRoot}/${kind}`,
          JSON.stringify({ ...body, timestamp: new Date().toISOString() }),
          { qos: 1 },
        );
      await send('connection', { connectionState: 'ONLINE' });
      await send('heartbeat', { battery: 80, rssi: -60 });
      await send('event', { eventId: `e-${run}-1`, type: 'press' });

      const answering = await eventually(
        'the robot rides down for the call',
        () => {
          const open = carrier.devices.dispatch.openCallOf(device.id);
          return (
            open?.robotId === robotId && carrier.lifts.sessions.rideOf(robotId)?.phase === 'riding' && open
          );
        },
        30_000,
      );
      await carrier.close();
      closed.add(carrier);
      const taken = await eventually(
        'the survivor carries the call and its ride',
        () => {
          const open = survivor.devices.dispatch.openCallOf(device.id);
          return open && survivor.lifts.sessions.rideOf(robotId) && open;
        },
        15_000,
      );
      expect(taken.id).toBe(answering.id);
      const arrived = await eventually(
        'the robot at the call’s point',
        () => {
          const open = survivor.devices.dispatch.openCallOf(device.id);
          return open?.state === 'arrived' && open;
        },
        60_000,
      );
      expect(arrived.robotId).toBe(robotId);
      expect(must(survivor.fleet.store.get(robotId)?.position).mapId).toBe(lobby);
    }, 120_000);
  },
);
