import { type CreateAppBody, WEBHOOK_EVENTS, type WebhookEvent } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApps, floors } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, must } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { liftState } from '../lifts/lift-state-message.js';
import { walkApp } from '../walk-apps.js';
import {
  buildingIdOf,
  createApp,
  eventually,
  type Received,
  type Recorder,
  registerRobot,
  robotGoesOffline,
  robotSays,
  startRecorder,
} from './apps-fixture.js';

/*
 * What happens in the fleet reaches the webhooks subscribed to it (APPS-WEBHOOKS): robots going offline and online,
 * raising and clearing errors, running low on battery and finishing tasks; lifts going into an alarm mode; call
 * buttons pressed. Only webhooks subscribed to the event's type, of live applications that reach the robot (or the
 * building), hear of it. Robots report over the embedded broker, the lift gateway and the call button are plain
 * MQTT clients on their documented topics.
 */

let t: TestApp;
let owner: string;
let acme: string;
let tower: string;
let depot: string;
let receiver: Recorder;
const ev1 = { id: '', serialNumber: 'EV-1' };
const ev2 = { id: '', serialNumber: 'EV-2' };
const secrets = new Map<string, string>();
const clients: MqttClient[] = [];

/** An application and its one webhook at `path`. */
async function hook(
  path: string,
  events: readonly WebhookEvent[],
  over: Partial<CreateAppBody> = {},
  active = true,
) {
  const app = await createApp(t, owner, { name: `Hears ${path}`, ...over });
  const made = await call(t.app, 'createWebhook', {
    token: owner,
    body: { appId: app.id, url: receiver.url(path), events: [...events], active },
  });
  expect(made.status, made.body.info).toBe(200);
  secrets.set(path, made.body.data.signingSecret);
  return app;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await demoTokens(t, 'owner'));
  acme = await companyIdOf(t, 'Acme Robotics');
  tower = await buildingIdOf(t, acme, 'Acme Tower');
  depot = await buildingIdOf(t, acme, 'Acme Logistics Depot');
  receiver = await startRecorder();
  ev1.id = (await registerRobot(t, owner, ev1.serialNumber, tower)).id;
  ev2.id = (await registerRobot(t, owner, ev2.serialNumber, depot)).id;
  const robotEvents = WEBHOOK_EVENTS.filter((e) => e.startsWith('robot.') || e === 'task.finished');
  await hook('/all', WEBHOOK_EVENTS);
  await hook('/ev2', robotEvents, { robots: { all: false, robotIds: [ev2.id], buildingIds: [] } });
  await hook('/online-only', ['robot.online']);
  await hook('/tower', ['lift.alarm', 'call.created', 'robot.offline'], {
    robots: { all: false, robotIds: [], buildingIds: [tower] },
  });
  await hook('/depot', ['lift.alarm', 'call.created'], {
    robots: { all: false, robotIds: [], buildingIds: [depot] },
  });
  await hook('/off', WEBHOOK_EVENTS, {}, false);
  const revoked = await hook('/revoked', WEBHOOK_EVENTS);
  expect((await call(t.app, 'revokeApiApp', { token: owner, params: { id: revoked.id } })).status).toBe(200);
  // An application that expired: its expiry is moved to the past, then saved unchanged (which reads the webhooks
  // afresh, as any change on /app does).
  const expired = await hook('/expired', WEBHOOK_EVENTS, {
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const past = new Date(Date.now() - 1000);
  await t.regional.db.update(apiApps).set({ expiresAt: past }).where(eq(apiApps.id, expired.id));
  const saved = await call(t.app, 'editApiApp', {
    token: owner,
    body: { id: expired.id, ...walkApp({ name: 'Hears /expired', expiresAt: past.toISOString() }) },
  });
  expect(saved.status, saved.body.info).toBe(200);
  // First heard: where a robot is when first seen is not news.
  await robotSays(t, ev1, { batteryState: { batteryCharge: 50, charging: false } });
  await robotSays(t, ev2);
  await t.app.webhooks.settle();
  expect(receiver.received).toEqual([]);
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true);
  await t?.close();
  await receiver?.close();
});

interface Told {
  type: string;
  data: Record<string, unknown>;
}

/** What reached `path`, each request verified with the standardwebhooks package and the webhook's secret. */
function told(path: string): Told[] {
  const secret = must(secrets.get(path), `secret of ${path}`);
  return receiver.received
    .filter((r: Received) => r.path === path)
    .map(
      (r) =>
        new Webhook(secret).verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }) as Told,
    );
}

/** What every robot event says of EV-1 (docs/api-apps.md): its id, name, serial number and building. */
const ev1Named = () => ({
  robotId: ev1.id,
  robotName: 'Robot EV-1',
  serialNumber: 'EV-1',
  buildingId: tower,
});

const typesAt = (path: string) => told(path).map((e) => e.type);

/** Waits until `path` was told `type` `n` times, then until every delivery under way is done. */
async function until(path: string, type: string, n = 1): Promise<Told[]> {
  await eventually(`${type} ×${n} at ${path}`, () => typesAt(path).filter((x) => x === type).length >= n);
  await t.app.webhooks.settle();
  return told(path).filter((e) => e.type === type);
}

describe('robot events', () => {
  it('APPS-WEBHOOKS: a robot going offline (its connection topic) and back online sends robot.offline then robot.online', async () => {
    await robotGoesOffline(t, ev1);
    const [offline] = await until('/all', 'robot.offline');
    expect(offline?.data).toEqual({ ...ev1Named(), connection: 'OFFLINE' });
    await robotSays(t, ev1, { batteryState: { batteryCharge: 50, charging: false } });
    const [online] = await until('/all', 'robot.online');
    expect(online?.data).toMatchObject({ robotId: ev1.id, connection: 'ONLINE' });
    expect(typesAt('/all')).toEqual(['robot.offline', 'robot.online']);
    // The building's webhook hears of its robot; the robot type it did not choose it is not told.
    expect(typesAt('/tower')).toEqual(['robot.offline']);
    expect(typesAt('/online-only')).toEqual(['robot.online']);
  });

  it('APPS-WEBHOOKS: an error appearing in the state sends robot.error.raised, its disappearance robot.error.cleared', async () => {
    const bumper = {
      errorType: 'bumper',
      errorLevel: 'WARNING' as const,
      errorDescription: 'Bumper pressed',
    };
    await robotSays(t, ev1, { errors: [bumper], batteryState: { batteryCharge: 50, charging: false } });
    const [raised] = await until('/all', 'robot.error.raised');
    expect(raised?.data).toEqual({
      ...ev1Named(),
      code: 'bumper',
      level: 'WARNING',
      description: 'Bumper pressed',
    });
    // Still there in the next state: nothing new.
    await robotSays(t, ev1, { errors: [bumper], batteryState: { batteryCharge: 50, charging: false } });
    await robotSays(t, ev1, { errors: [], batteryState: { batteryCharge: 50, charging: false } });
    const [cleared] = await until('/all', 'robot.error.cleared');
    expect(cleared?.data).toEqual({ ...ev1Named(), code: 'bumper' });
    expect(typesAt('/all').filter((x) => x.startsWith('robot.error'))).toEqual([
      'robot.error.raised',
      'robot.error.cleared',
    ]);
  });

  it('APPS-WEBHOOKS: a battery falling from 50 to 15 sends robot.battery.low once, until it charges above the threshold', async () => {
    await robotSays(t, ev1, { batteryState: { batteryCharge: 15, charging: false } });
    const [low] = await until('/all', 'robot.battery.low');
    expect(low?.data).toEqual({ ...ev1Named(), battery: 15 });
    await robotSays(t, ev1, { batteryState: { batteryCharge: 14, charging: false } });
    await robotSays(t, ev1, { batteryState: { batteryCharge: 12, charging: false } });
    await t.app.webhooks.settle();
    expect(typesAt('/all').filter((x) => x === 'robot.battery.low')).toHaveLength(1);
    // Charged well above 20 %, then low again: told again.
    await robotSays(t, ev1, { batteryState: { batteryCharge: 60, charging: true } });
    await robotSays(t, ev1, { batteryState: { batteryCharge: 18, charging: false } });
    const lows = await until('/all', 'robot.battery.low', 2);
    expect(lows.map((e) => e.data.battery)).toEqual([15, 18]);
  });

  it('APPS-WEBHOOKS: a robot finishing its order sends task.finished', async () => {
    const battery = { batteryCharge: 60, charging: false };
    await robotSays(t, ev1, { orderId: 'hook-order-1', driving: true, batteryState: battery });
    await robotSays(t, ev1, { orderId: 'hook-order-1', driving: false, batteryState: battery });
    const [task] = await until('/all', 'task.finished');
    expect(task?.data).toMatchObject({
      ...ev1Named(),
      orderId: 'hook-order-1',
      type: 'cruise',
      result: 'completed',
      errorCodes: [],
    });
    expect(Date.parse(String(task?.data.endedAt))).toBeGreaterThanOrEqual(
      Date.parse(String(task?.data.startedAt)),
    );
  });

  it('APPS-WEBHOOKS: an event reaches only webhooks subscribed to its type whose application reaches the robot', async () => {
    // All of EV-1's events so far: none reached the application of EV-2 only.
    expect(typesAt('/ev2')).toEqual([]);
    await robotGoesOffline(t, ev2);
    const [offline] = await until('/ev2', 'robot.offline');
    expect(offline?.data).toEqual({
      robotId: ev2.id,
      robotName: 'Robot EV-2',
      serialNumber: 'EV-2',
      buildingId: depot,
      connection: 'OFFLINE',
    });
    await until('/all', 'robot.offline', 2);
    // The tower's webhook does not reach the depot's robot; the online-only webhook does not take offline.
    expect(typesAt('/tower')).toEqual(['robot.offline']);
    expect(typesAt('/online-only')).toEqual(['robot.online']);
    expect(
      told('/all')
        .filter((e) => e.data.robotId === ev2.id)
        .map((e) => e.type),
    ).toEqual(['robot.offline']);
  });
});

describe('events told again after a handover (FLEET-EVENTS-HANDOVER)', () => {
  it('an event the killed instance delivered is not told twice; one it never delivered is told', async () => {
    const jam = { errorType: 'handover-jam', errorLevel: 'WARNING' as const, errorDescription: 'Jammed' };
    const battery = { batteryCharge: 60, charging: false };
    const jams = () =>
      told('/all').filter((e) => e.type === 'robot.error.raised' && e.data.code === 'handover-jam');
    await robotSays(t, ev1, { errors: [jam], batteryState: battery });
    await eventually('the jam told', () => jams().length === 1);
    await t.app.webhooks.settle();
    const again = (code: string) => ({
      type: 'robot.error.raised' as const,
      companyId: acme,
      robotId: ev1.id,
      buildingId: tower,
      at: Date.now(),
      data: { ...ev1Named(), code, level: 'WARNING', description: 'Jammed' },
    });
    // The successor tells again what its killed predecessor already delivered: nothing new reaches the receiver.
    await t.app.webhooks.publishRetold(again('handover-jam'), '"code":"handover-jam"');
    // What the predecessor never delivered (it was killed first) reaches it, once.
    await t.app.webhooks.publishRetold(again('handover-lost'), '"code":"handover-lost"');
    await eventually('the lost event told', () =>
      told('/all').some((e) => e.type === 'robot.error.raised' && e.data.code === 'handover-lost'),
    );
    await t.app.webhooks.settle();
    const codes = told('/all')
      .filter((e) => e.type === 'robot.error.raised')
      .map((e) => e.data.code)
      .filter((c) => String(c).startsWith('handover-'));
    expect(codes).toEqual(['handover-jam', 'handover-lost']);
    await robotSays(t, ev1, { errors: [], batteryState: battery });
    await eventually('the jam cleared', () =>
      told('/all').some((e) => e.type === 'robot.error.cleared' && e.data.code === 'handover-jam'),
    );
  });
});

describe('lift and call events', () => {
  it('APPS-WEBHOOKS: a lift going into fire mode sends lift.alarm to the webhooks reaching its building, once per alarm', async () => {
    const gateways = await call(t.app, 'listLiftGateways', { token: owner });
    const gateway = must(
      gateways.body.data.find((g) => g.name === 'Acme Tower lifts'),
      'demo gateway',
    );
    const renewed = await call(t.app, 'renewLiftGatewayPassword', {
      token: owner,
      params: { id: gateway.id },
    });
    expect(renewed.status).toBe(200);
    const { topicRoot, username, password } = renewed.body.data;
    const gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.fleet.broker?.port}`, {
      username,
      password,
      reconnectPeriod: 0,
    });
    clients.push(gw);
    const liftA = must(
      t.app.lifts.store.list(acme).find((l) => l.name === 'Lift A'),
      'Lift A',
    );
    const report = (over: Record<string, unknown>) =>
      gw.publishAsync(`${topicRoot}/A/state`, liftState({ availableFloors: ['0', '12'], ...over }), {
        qos: 1,
      });
    const modeIs = (mode: string, floor = '0') =>
      eventually(`Lift A in ${mode} at ${floor}`, () => {
        const r = t.app.lifts.store.get(liftA.id)?.report;
        return r?.currentMode === mode && r.currentFloor === floor;
      });
    await gw.publishAsync(
      `${topicRoot}/connection`,
      JSON.stringify({ connectionState: 'ONLINE', timestamp: new Date().toISOString() }),
      { qos: 1 },
    );
    await report({ currentMode: 'human' });
    await modeIs('human');
    await report({ currentMode: 'fire' });
    await modeIs('fire');
    const [alarm] = await until('/tower', 'lift.alarm');
    expect(alarm?.data).toEqual({ buildingId: tower, liftId: liftA.id, name: 'Lift A', mode: 'fire' });
    await until('/all', 'lift.alarm');
    // Still in fire mode, moving: the same alarm.
    await report({ currentMode: 'fire', currentFloor: '12' });
    await modeIs('fire', '12');
    // Back to normal, then an emergency: a new alarm.
    await report({ currentMode: 'human' });
    await modeIs('human');
    await report({ currentMode: 'emergency' });
    await modeIs('emergency');
    const alarms = await until('/tower', 'lift.alarm', 2);
    expect(alarms.map((a) => a.data.mode)).toEqual(['fire', 'emergency']);
    expect(typesAt('/depot')).toEqual([]);
  });

  it('APPS-WEBHOOKS: a call button pressed sends call.created to the webhooks reaching its building', async () => {
    const [lobby] = await t.regional.db
      .select()
      .from(floors)
      .where(and(eq(floors.buildingId, tower), eq(floors.level, 0)));
    const made = await call(t.app, 'registerMiniDevice', {
      token: owner,
      body: { name: 'HOOK-CALL-1', label: 'Table 7', type: 'callButton' },
    });
    expect(made.status, made.body.info).toBe(200);
    const { device, credentials } = made.body.data;
    const placed = await call(t.app, 'bindMiniBuilding', {
      token: owner,
      body: {
        deviceId: device.id,
        buildingId: tower,
        floorId: must(lobby, 'lobby').id,
        point: { x: 20, y: 20 },
      },
    });
    expect(placed.status, placed.body.info).toBe(200);
    const button = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.fleet.broker?.port}`, {
      username: credentials.username,
      password: credentials.password,
      reconnectPeriod: 0,
    });
    clients.push(button);
    const send = (kind: string, body: object) =>
      button.publishAsync(
        `${credentials.topicRoot}/${kind}`,
        JSON.stringify({ ...body, timestamp: new Date().toISOString() }),
        { qos: 1 },
      );
    await send('connection', { connectionState: 'ONLINE' });
    await send('heartbeat', { battery: 90, rssi: -50, firmware: '1.0.0' });
    await eventually('the button online', () => t.app.devices.store.facts(device.id)?.online);
    await send('event', { eventId: 'hook-press-1', type: 'press' });
    const [created] = await until('/tower', 'call.created');
    expect(created?.data).toMatchObject({ buildingId: tower, deviceId: device.id, label: 'Table 7' });
    expect(typeof created?.data.callId).toBe('string');
    await until('/all', 'call.created');
    expect(typesAt('/depot')).toEqual([]);
  });
});

describe('applications that hear nothing', () => {
  it('APPS-WEBHOOKS: a revoked or expired application’s webhooks, and a webhook turned off, get nothing', async () => {
    await t.app.webhooks.settle();
    // Every kind of event was sent by now.
    expect(new Set(typesAt('/all'))).toEqual(
      new Set([
        'robot.offline',
        'robot.online',
        'robot.error.raised',
        'robot.error.cleared',
        'robot.battery.low',
        'task.finished',
        'lift.alarm',
        'call.created',
        ...typesAt('/all').filter((x) => x === 'call.answered'),
      ]),
    );
    for (const path of ['/revoked', '/expired', '/off'])
      expect(receiver.received.filter((r) => r.path === path)).toEqual([]);
  });
});
