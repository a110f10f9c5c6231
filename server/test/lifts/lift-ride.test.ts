import { SimLift, SimLiftGateway, SimRobot } from '@fleet/sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings, floors, stations } from '../../src/db/schema/index.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { towerLift } from './tower-lift.fixture.js';

/*
 * A robot rides a lift in the simulator: a simulated VDA 5050 robot and a simulated lift gateway, both speaking
 * to the console over its embedded broker with the credentials it issued.
 */

let t: TestApp;
let owner: string;
let url: string;
let lobby: string;
let floor12: string;
let liftId: string;
let gateway: SimLiftGateway;
let car: SimLift;
let gatewayPassword: string;
const robots: SimRobot[] = [];

const UP = Math.PI / 2;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  url = `mqtt://127.0.0.1:${t.app.fleet.broker?.port}`;
  const [tower] = await t.regional.db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
  const floorAt = async (level: number) =>
    must(
      (
        await t.regional.db
          .select()
          .from(floors)
          .where(and(eq(floors.buildingId, must(tower).id), eq(floors.level, level)))
      )[0],
    ).id;
  lobby = await floorAt(0);
  floor12 = await floorAt(12);
  // The demo's own lifts of the tower (no gateway reports them here) would be choices too: this test has its own.
  const made = await towerLift(
    t.app,
    owner,
    { tower: must(tower).id, lobby, floor12 },
    { callTimeoutS: 20, boardingTimeoutS: 30, rideTimeoutS: 20, sessionTimeoutS: 120, doorHoldS: 4 },
  );
  liftId = made.liftId;
  gatewayPassword = made.gatewayPassword;
  car = new SimLift('A', ['0', '12'], { floorTravelS: 0.1, doorS: 0.3, humanDwellS: 1 }, '12');
  gateway = new SimLiftGateway({
    url,
    gatewayId: made.gatewayId,
    password: made.gatewayPassword,
    lifts: [car],
    stateIntervalMs: 250,
    tickMs: 50,
  });
  await gateway.start();
  await eventually('the lift reports', () => t.app.lifts.store.get(liftId)?.report);
});
afterAll(async () => {
  for (const r of robots) await r.stop().catch(() => {});
  await gateway?.stop().catch(() => {});
  await t.close();
});

async function robotOnLobby(serial: string) {
  const made = await call(t.app, 'registerRobot', {
    token: owner,
    body: {
      name: `Courier ${serial}`,
      manufacturer: 'sim',
      serialNumber: serial,
      model: 'Courier',
      buildingId: (await call(t.app, 'getFloor', { token: owner, params: { id: lobby } })).body.data
        .buildingId,
    },
  });
  const { robot, credentials } = made.body.data;
  const sim = new SimRobot({
    url,
    manufacturer: 'sim',
    serialNumber: serial,
    password: credentials.password,
    pose: { x: 30, y: 10.5, theta: UP, mapId: lobby },
    params: { speed: 4, turnRate: 6, errorProbabilityPerSecond: 0 },
    stateIntervalMs: 200,
    tickMs: 50,
  });
  robots.push(sim);
  await sim.start();
  await eventually('robot online', () => t.app.fleet.store.get(robot.id)?.position);
  return robot.id as string;
}

/** Sends a robot to a station and waits for the go-to to end, whichever way. */
async function goTo(robotId: string, stationId: string) {
  const sent = await call(t.app, 'sendCommand', {
    token: owner,
    params: { id: robotId },
    body: { type: 'goTo', stationId },
  });
  expect(sent.status, sent.body.info).toBe(200);
  return sent.body.data;
}

async function ended(robotId: string, commandId: string, ms = 60_000) {
  return eventually(
    'the go-to ended',
    async () => {
      const list = await call(t.app, 'listCommands', { token: owner, params: { id: robotId } });
      const c = list.body.data.find((x) => x.id === commandId);
      return c && c.status !== 'running' ? c : undefined;
    },
    ms,
  );
}

/** The lift as /elevator shows it. */
async function liveLift() {
  const lifts = await call(t.app, 'listLiveLifts', { token: owner });
  return must(lifts.body.data.find((l) => l.id === liftId));
}

/** Until no robot holds or waits for the lift (an earlier test's ride has ended). */
const liftFree = () =>
  eventually(
    'the lift free',
    async () => {
      const l = await liveLift();
      return l.holder === null && l.waiting.length === 0;
    },
    60_000,
  );

const stationNamed = async (floorId: string, name: string) =>
  must(
    (
      await t.regional.db
        .select()
        .from(stations)
        .where(and(eq(stations.floorId, floorId), eq(stations.name, name)))
    )[0],
  );

const office1201 = async () =>
  must(
    (
      await t.regional.db
        .select()
        .from(stations)
        .where(and(eq(stations.floorId, floor12), eq(stations.name, 'Office 1201')))
    )[0],
  );

describe('robots ride lifts (LIFTS-RIDE)', () => {
  it('a lift takes no robot before a test call passed; the test call measures the car', async () => {
    const enable = await call(t.app, 'setLiftEnabled', {
      token: owner,
      params: { id: liftId },
      body: { enabled: true },
    });
    expect(enable.status).toBe(409);
    expect(enable.body.info).toBe(
      'Lift A needs a passed test call since its last change before robots may ride it',
    );
    expect(enable.body).toMatchObject({ refusal: { rule: 'liftNotTested', params: { lift: 'Lift A' } } });
    const test = await call(t.app, 'testLiftCall', {
      token: owner,
      params: { id: liftId },
      body: { floorCode: '0' },
    });
    expect(test.status, test.body.info).toBe(200);
    expect(test.body.data).toMatchObject({ passed: true, floor: '0', reason: null });
    expect(test.body.data.latencyMs).toBeGreaterThan(0);
    await eventually('the car released', () => t.app.lifts.store.get(liftId)?.report?.sessionId === null);
    const enabled = await call(t.app, 'setLiftEnabled', {
      token: owner,
      params: { id: liftId },
      body: { enabled: true },
    });
    expect(enabled.status, enabled.body.info).toBe(200);
    expect(enabled.body.data.enabledForRobots).toBe(true);
  });

  it('a robot sent to a station on floor 12 rides the lift there from the lobby, and back', async () => {
    const robotId = await robotOnLobby('RIDE-1');
    const station = await office1201();
    const sent = await call(t.app, 'sendCommand', {
      token: owner,
      params: { id: robotId },
      body: { type: 'goTo', stationId: station.id },
    });
    expect(sent.status, sent.body.info).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'running', detail: 'Office 1201 (16.5, 35), by lift' });
    const finished = await eventually(
      'the go-to finished',
      async () => {
        const list = await call(t.app, 'listCommands', { token: owner, params: { id: robotId } });
        const c = list.body.data.find((x) => x.id === sent.body.data.id);
        return c && c.status !== 'running' ? c : undefined;
      },
      60_000,
    );
    expect(finished.status, finished.detail ?? '').toBe('finished');
    const p = must(t.app.fleet.store.get(robotId)?.position);
    expect(p.mapId).toBe(floor12);
    expect(Math.hypot(p.x - station.x, p.y - station.y)).toBeLessThan(0.5);
    const log = await call(t.app, 'liftEvents', { token: owner, params: { id: liftId } });
    const kinds = log.body.data.list.map((e) => e.kind).reverse();
    expect(kinds).toEqual(expect.arrayContaining(['call', 'arrival', 'boarded', 'exited', 'sessionEnded']));
    expect(kinds.indexOf('boarded')).toBeLessThan(kinds.indexOf('exited'));
    await eventually('the car released', () => car.state(Date.now()).sessionId === null);

    // And back down to the lobby's reception.
    const reception = await stationNamed(lobby, 'Reception');
    const back = await goTo(robotId, reception.id);
    expect(back.detail).toContain('by lift');
    const home = await ended(robotId, back.id);
    expect(home.status, home.detail ?? '').toBe('finished');
    const q = must(t.app.fleet.store.get(robotId)?.position);
    expect(q.mapId).toBe(lobby);
    expect(Math.hypot(q.x - reception.x, q.y - reception.y)).toBeLessThan(0.5);
    await eventually('the car released', () => car.state(Date.now()).sessionId === null);
  }, 120_000);

  it('in fire mode a lift takes no command and no robot: the ride waits at the landing saying why (LIFTS-ALARM)', async () => {
    const robotId = await robotOnLobby('RIDE-2');
    car.setMode('fire');
    await eventually('fire reported', () => t.app.lifts.store.get(liftId)?.blocked === 'fire');
    const command = await call(t.app, 'liftCommand', {
      token: owner,
      params: { id: liftId },
      body: { type: 'call', floorCode: '12', reason: 'check' },
    });
    expect(command.status).toBe(409);
    expect(command.body.info).toBe('Lift A is in fire mode: it takes no command now');
    expect(command.body).toMatchObject({
      refusal: { rule: 'liftBlocked', params: { lift: 'Lift A', block: 'fire' } },
    });
    const sent = await call(t.app, 'sendCommand', {
      token: owner,
      params: { id: robotId },
      body: { type: 'goTo', stationId: (await office1201()).id },
    });
    expect(sent.status, sent.body.info).toBe(200);
    const view = await eventually(
      'the robot waiting',
      async () => {
        const lifts = await call(t.app, 'listLiveLifts', { token: owner });
        return lifts.body.data.find((l) => l.id === liftId && l.waiting.length > 0);
      },
      30_000,
    );
    expect(view.waiting[0]).toMatchObject({ robotId, note: 'Lift A is in fire mode' });
    expect(view.holder).toBeNull();
    expect(t.app.fleet.store.get(robotId)?.position?.mapId).toBe(lobby);
    car.setMode('human');
  });

  it('a robot going offline during its ride ends the session: the car is released, the go-to fails saying why (LIFTS-SESSIONS)', async () => {
    await liftFree();
    const robotId = await robotOnLobby('RIDE-3');
    const sim = must(robots.at(-1));
    const sent = await goTo(robotId, (await office1201()).id);
    await eventually(
      'the ride holds the car',
      async () => (await liveLift()).holder?.purpose === 'ride',
      30_000,
    );
    await sim.stop();
    const failed = await ended(robotId, sent.id);
    expect(failed.status).toBe('failed');
    expect(failed.detail).toContain('went offline');
    await eventually('the session ended', async () => (await liveLift()).holder === null, 15_000);
    await eventually('the car released', () => car.state(Date.now()).sessionId === null);
    const log = await call(t.app, 'liftEvents', { token: owner, params: { id: liftId } });
    expect(log.body.data.list.find((e) => e.kind === 'sessionEnded')?.detail).toMatchObject({
      reason: 'robotOffline',
    });
  }, 90_000);

  it('a gateway going silent keeps robots off the lift, saying why, until it reports again (LIFTS-ALARM)', async () => {
    await liftFree();
    const robotId = await robotOnLobby('RIDE-4');
    await gateway.stop();
    await eventually('the gateway lost', () => t.app.lifts.store.get(liftId)?.blocked === 'gatewayOffline');
    const sent = await goTo(robotId, (await office1201()).id);
    const view = await eventually('the robot waiting', async () => {
      const l = await liveLift();
      return l.waiting.length > 0 ? l : undefined;
    });
    expect(view.waiting[0]).toMatchObject({ robotId, note: 'Lift A lost its gateway' });
    expect(view.holder).toBeNull();
    // The gateway comes back: the robot rides.
    gateway = new SimLiftGateway({
      url,
      gatewayId: view.gatewayId,
      password: gatewayPassword,
      lifts: [car],
      stateIntervalMs: 250,
      tickMs: 50,
    });
    await gateway.start();
    const done = await ended(robotId, sent.id);
    expect(done.status, done.detail ?? '').toBe('finished');
  }, 120_000);
});
