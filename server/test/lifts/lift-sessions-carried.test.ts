import { randomUUID } from 'node:crypto';
import { SimLift, type SimLiftGateway, type SimRobot } from '@fleet/sim';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { auditLog, liftSessions, stations } from '../../src/db/schema/index.js';
import { liftRequestTopic } from '../../src/modules/lifts/link/topics.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { topicsOfRun } from '../fleet/topology-helpers.js';
import { call, type TestApp } from '../helper.js';
import { anotherInstance, courierInLobby, towerOnBroker } from './tower-instances.fixture.js';

/*
 * LIFTS-SESSIONS-CARRIED: two instances on one PostgreSQL and one broker (the machine's Mosquitto), a simulated lift
 * gateway and robot. A test call or an operator's command that reaches the instance not carrying the lift's building
 * runs on the one that does (its session is the carrier's, the lift hears one session), answers as it would there,
 * and is refused there while the carrier's ride holds the lift, however recently that ride took it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_MQTT_URL)(
  'lift sessions carried by the building’s instance (LIFTS-SESSIONS-CARRIED)',
  () => {
    const run = randomUUID().slice(0, 8);
    const shared = loadConfig({ MQTT_URL: process.env.TEST_MQTT_URL ?? '', ...topicsOfRun(`ls${run}`) });
    let a: TestApp;
    let other: Database;
    let b: FastifyInstance;
    let owner: string;
    let tower: string;
    let liftId: string;
    let lobby: string;
    let floor12: string;
    let gateway: SimLiftGateway;
    let robot: SimRobot | undefined;
    let listener: mqtt.MqttClient;
    /** The sessions the console asked the lift for, in order. */
    const requested: string[] = [];
    let carrier: FastifyInstance;
    let bystander: FastifyInstance;

    const newestSession = async (purpose: 'test' | 'operator') =>
      must(
        (
          await a.regional.db
            .select()
            .from(liftSessions)
            .where(and(eq(liftSessions.liftId, liftId), eq(liftSessions.purpose, purpose)))
            .orderBy(desc(liftSessions.openedAt))
            .limit(1)
        )[0],
      );
    const audited = async (action: string) =>
      (
        await a.directory.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, action), eq(auditLog.targetId, liftId)))
      ).length;
    const command = (app: FastifyInstance, body: object) =>
      call(app, 'liftCommand', { token: owner, params: { id: liftId }, body: { reason: 'check', ...body } });

    beforeAll(async () => {
      const car = new SimLift('A', ['0', '12'], { floorTravelS: 0.1, doorS: 0.2, humanDwellS: 1 }, '0');
      let gatewayId: string;
      ({ a, owner, tower, lobby, floor12, liftId, gateway, gatewayId } = await towerOnBroker(shared, car, {
        callTimeoutS: 20,
        boardingTimeoutS: 30,
        rideTimeoutS: 60,
        sessionTimeoutS: 180,
        doorHoldS: 4,
      }));
      listener = await mqtt.connectAsync(process.env.TEST_MQTT_URL ?? '', { reconnectPeriod: 0 });
      listener.on('message', (_topic, payload) => {
        const { sessionId } = JSON.parse(payload.toString()) as { sessionId: string };
        requested.push(sessionId);
      });
      await listener.subscribeAsync(liftRequestTopic(shared.liftPrefix, gatewayId, 'A'), { qos: 1 });

      ({ app: b, db: other } = await anotherInstance(a));
      await eventually('both instances know each other', () =>
        [a.app, b].every((app) => app.fleet.ownership.instances.length === 2),
      );
      await eventually('both see the lift', () =>
        [a.app, b].every((app) => app.lifts.store.get(liftId)?.report),
      );
      carrier = must([a.app, b].find((app) => app.lifts.rides.runsHere(liftId)));
      bystander = must([a.app, b].find((app) => app !== carrier));
      expect(bystander.lifts.rides.runsHere(liftId)).toBe(false);
    }, 60_000);
    afterAll(async () => {
      await listener?.endAsync(true).catch(() => {});
      await robot?.stop().catch(() => {});
      await gateway?.stop().catch(() => {});
      await b?.close();
      await other?.close();
      await a?.close();
    });

    it('a test call sent to the other instance runs on the carrier and answers as it would there', async () => {
      const before = await audited('lift.testCall');
      requested.length = 0;
      const viaOther = await call(bystander, 'testLiftCall', {
        token: owner,
        params: { id: liftId },
        body: { floorCode: '12' },
      });
      expect(viaOther.status, viaOther.body.info).toBe(200);
      expect(viaOther.body.data).toMatchObject({ passed: true, floor: '12', reason: null });
      const session = await newestSession('test');
      expect(session.instanceId).toBe(carrier.fleet.ownership.self);
      // The lift heard of one session only: the carrier's.
      expect(new Set(requested)).toEqual(new Set([session.id]));
      // Written once, by the instance the request reached.
      expect(await audited('lift.testCall')).toBe(before + 1);

      const onCarrier = await call(carrier, 'testLiftCall', {
        token: owner,
        params: { id: liftId },
        body: { floorCode: '12' },
      });
      expect(onCarrier.status, onCarrier.body.info).toBe(200);
      const { latencyMs, firstAnswerMs, testedAt, report, ...answer } = viaOther.body.data;
      expect(onCarrier.body.data).toMatchObject(answer);
      expect(Object.keys(onCarrier.body.data).sort()).toEqual(Object.keys(viaOther.body.data).sort());
      expect(report).toMatchObject({ currentFloor: '12', doorState: 'open' });
      await eventually('the car released', () => carrier.lifts.store.get(liftId)?.report?.sessionId === null);
    }, 60_000);

    it('an operator’s commands sent to the other instance run on the carrier and answer as they would there', async () => {
      const before = await audited('lift.command');
      const opened = await command(bystander, { type: 'robotMode', on: true });
      expect(opened.status, opened.body.info).toBe(200);
      const holder = must(opened.body.data.holder);
      expect(holder).toMatchObject({ purpose: 'operator' });
      expect(carrier.lifts.sessions.holder(liftId)?.sessionId).toBe(holder.sessionId);
      expect(bystander.lifts.sessions.holder(liftId)).toBeUndefined();
      const session = await newestSession('operator');
      expect(session).toMatchObject({ id: holder.sessionId, instanceId: carrier.fleet.ownership.self });
      expect(await audited('lift.command')).toBe(before + 1);

      const again = await command(carrier, { type: 'robotMode', on: true });
      expect(again.status, again.body.info).toBe(200);
      expect({ holder: again.body.data.holder, waiting: again.body.data.waiting }).toEqual({
        holder,
        waiting: opened.body.data.waiting,
      });

      // Refusals come back with their status, words and rule.
      const noLanding = await command(bystander, { type: 'call', floorCode: '9' });
      expect(noLanding.status).toBe(400);
      expect(noLanding.body).toMatchObject({
        code: 'BAD_REQUEST',
        issues: [
          {
            path: 'body.floorCode',
            rule: 'liftNoLanding',
            params: { lift: 'Lift A', floor: '9', floors: '0, 12' },
          },
        ],
      });
      expect((await command(carrier, { type: 'call', floorCode: '9' })).body).toEqual(noLanding.body);

      const ended = await command(bystander, { type: 'endSession' });
      expect(ended.status, ended.body.info).toBe(200);
      expect(ended.body.data.holder).toBeNull();
      expect(carrier.lifts.sessions.holder(liftId)).toBeUndefined();
      const endedRow = await eventually('the session ended', async () => {
        const row = await newestSession('operator');
        return row.endedAt && row;
      });
      expect(endedRow).toMatchObject({ id: holder.sessionId, endReason: 'completed' });

      const nothing = await command(bystander, { type: 'endSession' });
      expect(nothing.status).toBe(409);
      expect(nothing.body).toMatchObject({
        code: 'CONFLICT',
        refusal: { rule: 'liftNoOperatorSession', params: { lift: 'Lift A' } },
      });
      expect((await command(carrier, { type: 'endSession' })).body).toEqual(nothing.body);
      // The three commands that were carried out, each written once.
      expect(await audited('lift.command')).toBe(before + 3);
    }, 60_000);

    it('a test call sent to the other instance just as the carrier’s ride takes the lift is refused: held', async () => {
      // The car down to the lobby, where the robot boards; a passed test lets the lift be enabled for robots.
      const tested = await call(carrier, 'testLiftCall', {
        token: owner,
        params: { id: liftId },
        body: { floorCode: '0' },
      });
      expect(tested.body.data?.passed, tested.body.info).toBe(true);
      await eventually('the car released', () => carrier.lifts.store.get(liftId)?.report?.sessionId === null);
      const enabled = await call(carrier, 'setLiftEnabled', {
        token: owner,
        params: { id: liftId },
        body: { enabled: true },
      });
      expect(enabled.status, enabled.body.info).toBe(200);
      const courier = await courierInLobby(carrier, { owner, tower, lobby }, `LS-${run}`, `ls${run}`);
      robot = courier.robot;
      const [office] = await a.regional.db
        .select()
        .from(stations)
        .where(and(eq(stations.floorId, floor12), eq(stations.name, 'Office 1201')));
      const sent = await call(carrier, 'sendCommand', {
        token: owner,
        params: { id: courier.robotId },
        body: { type: 'goTo', stationId: must(office).id },
      });
      expect(sent.status, sent.body.info).toBe(200);

      // At once, well within the second in which the other instance reads the sessions held elsewhere.
      const until = Date.now() + 30_000;
      while (carrier.lifts.sessions.holder(liftId)?.purpose !== 'ride') {
        expect(Date.now()).toBeLessThan(until);
        await new Promise((r) => setTimeout(r, 2));
      }
      const refused = await call(bystander, 'testLiftCall', {
        token: owner,
        params: { id: liftId },
        body: { floorCode: '0' },
      });
      expect(refused.status, refused.body.info).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'CONFLICT',
        refusal: { rule: 'liftHeld', params: { lift: 'Lift A', purpose: 'ride' } },
      });
      expect(carrier.lifts.sessions.holder(liftId)?.purpose).toBe('ride');
    }, 60_000);
  },
);
