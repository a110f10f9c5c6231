import type { LiveServerMessage } from '@fleet/contract';
import { decodeLiveFrame } from '@fleet/contract/live-frame';
import { SimRobot } from '@fleet/sim';
import { and, eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildings, floors } from '../../src/db/schema/index.js';
import { MISSED_HEARTBEATS } from '../../src/modules/devices/link/device-live-store.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

/*
 * A call button that is not our simulator: a plain MQTT client speaking only the topics of docs/protocols.md
 * ("The device link") with the credentials the console showed at registration; a simulated VDA 5050 robot answers.
 */

let t: TestApp;
let owner: string;
let url: string;
let tower: string;
let lobby: string;
const robots: SimRobot[] = [];
const clients: mqtt.MqttClient[] = [];
const UP = Math.PI / 2;
const now = () => new Date().toISOString();

async function dropped(reason: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body
    .split('\n')
    .find((l) => l.startsWith(`device_messages_dropped_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Registers a device, places it on the lobby at the point, and connects it as a plain MQTT client. */
async function button(name: string, point: { x: number; y: number } | null, type = 'callButton') {
  const made = await call(t.app, 'registerMiniDevice', {
    token: owner,
    body: { name, label: `Table ${name}`, type: type as 'callButton' },
  });
  expect(made.status, made.body.info).toBe(200);
  const { device, credentials } = made.body.data;
  const placed = await call(t.app, 'bindMiniBuilding', {
    token: owner,
    body: { deviceId: device.id, buildingId: tower, floorId: point ? lobby : null, point },
  });
  expect(placed.status, placed.body.info).toBe(200);
  const client = await mqtt.connectAsync(url, {
    username: credentials.username,
    password: credentials.password,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const commands: Array<Record<string, unknown>> = [];
  client.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString())));
  await client.subscribeAsync(`${credentials.topicRoot}/command`, { qos: 1 });
  let n = 0;
  const send = (kind: string, body: object) =>
    client.publishAsync(`${credentials.topicRoot}/${kind}`, JSON.stringify({ ...body, timestamp: now() }), {
      qos: 1,
    });
  await send('connection', { connectionState: 'ONLINE' });
  await send('heartbeat', { battery: 81, rssi: -60, firmware: '1.4.2' });
  // Online comes with the connection message; the heartbeat after it brings the battery.
  await eventually('device online with its heartbeat', () => {
    const facts = t.app.devices.store.facts(device.id);
    return facts?.online && facts.battery !== null;
  });
  return {
    id: device.id as string,
    credentials,
    client,
    commands,
    send,
    press: () => send('event', { eventId: `e-${name}-${++n}`, type: 'press' }),
    ack: () => send('event', { eventId: `e-${name}-${++n}`, type: 'ack' }),
    cancel: () => send('event', { eventId: `e-${name}-${++n}`, type: 'cancel' }),
  };
}

async function robotAt(serial: string, x: number, y: number) {
  const made = await call(t.app, 'registerRobot', {
    token: owner,
    body: {
      name: `Runner ${serial}`,
      manufacturer: 'sim',
      serialNumber: serial,
      model: 'Runner',
      buildingId: tower,
    },
  });
  const { robot, credentials } = made.body.data;
  const sim = new SimRobot({
    url,
    manufacturer: 'sim',
    serialNumber: serial,
    password: credentials.password,
    pose: { x, y, theta: UP, mapId: lobby },
    params: { speed: 4, turnRate: 6, errorProbabilityPerSecond: 0 },
    stateIntervalMs: 200,
    tickMs: 50,
  });
  robots.push(sim);
  await sim.start();
  await eventually('robot online', () => t.app.fleet.store.get(robot.id)?.status === 'idle');
  return { id: robot.id as string, sim };
}

const device = async (id: string) =>
  (await call(t.app, 'getMiniDevice', { token: owner, params: { id } })).body.data;
const events = async (id: string) =>
  (
    await call(t.app, 'miniDeviceEvents', {
      token: owner,
      body: { pageIndex: 1, pageLength: 100, requestData: { deviceId: id } },
    })
  ).body.data.list.map((e) => e.kind);
const calls = async (id: string) =>
  (
    await call(t.app, 'miniDeviceCalls', {
      token: owner,
      body: { pageIndex: 1, pageLength: 100, requestData: { deviceId: id } },
    })
  ).body.data;

beforeAll(async () => {
  t = await buildTestApp({ calls: { escalateAfterS: 1, expireAfterS: 600, arrivedHoldS: 600 } });
  owner = await login(t.app, 'owner@acme.test');
  url = `mqtt://127.0.0.1:${t.app.fleet.broker?.port}`;
  const [b] = await t.regional.db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
  tower = must(b).id;
  const [f] = await t.regional.db
    .select()
    .from(floors)
    .where(and(eq(floors.buildingId, tower), eq(floors.level, 0)));
  lobby = must(f).id;
});
afterAll(async () => {
  for (const c of clients) await c.endAsync(true).catch(() => {});
  for (const r of robots) await r.stop().catch(() => {});
  await t.close();
});

describe('the device link (DEVICES-LINK)', () => {
  it('a registered device logs in as its topic root; its heartbeat shows it online with battery and signal', async () => {
    const b = await button('LINK-1', null);
    expect(b.credentials.username).toBe('devices/v1/LINK-1');
    const read = await device(b.id);
    expect(read.live).toMatchObject({ online: true, battery: 81, rssi: -60 });
    expect(read.firmware).toBe('1.4.2');
    expect(await events(b.id)).toContain('online');
  });

  it('a wrong password is refused; malformed messages and another device’s topics are refused and counted', async () => {
    const b = await button('LINK-2', null);
    await expect(
      mqtt.connectAsync(url, { username: b.credentials.username, password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toThrow();
    const before = await dropped('malformed');
    await b.client.publishAsync(`${b.credentials.topicRoot}/event`, '{"type":', { qos: 1 });
    await eventually('counted', async () => (await dropped('malformed')) > before);
    const closed = new Promise<void>((resolve) => b.client.once('close', () => resolve()));
    b.client.publish(
      'devices/v1/LINK-1/event',
      JSON.stringify({ eventId: 'x', type: 'press', timestamp: now() }),
      {
        qos: 1,
      },
    );
    await closed;
  });

  it(`is offline after ${MISSED_HEARTBEATS} missed heartbeats`, async () => {
    const b = await button('LINK-3', null);
    const heartbeatMs = (await device(b.id)).heartbeatS * 1000;
    t.app.devices.store.sweep(Date.now() + (MISSED_HEARTBEATS - 1) * heartbeatMs);
    expect(t.app.devices.store.facts(b.id)?.online).toBe(true);
    t.app.devices.store.sweep(Date.now() + MISSED_HEARTBEATS * heartbeatMs + 1000);
    expect((await device(b.id)).live.online).toBe(false);
    expect(await events(b.id)).toContain('offline');
  });
});

describe('calls (DEVICES-CALLS)', () => {
  it('a press sends the nearest idle robot to the point; it arrives; an ack ends the call', async () => {
    const near = await robotAt('CALL-NEAR', 34, 10.5);
    await robotAt('CALL-FAR', 5, 30);
    const b = await button('CALL-1', { x: 40, y: 10.5 });
    await b.press();
    const assigned = await eventually('assigned', async () => {
      const c = (await device(b.id)).openCall;
      return c && c.state !== 'created' ? c : undefined;
    });
    expect(assigned.robotName).toBe('Runner CALL-NEAR');
    await eventually('arrived', async () => (await device(b.id)).openCall?.state === 'arrived', 20_000);
    const pose = t.app.fleet.store.get(near.id)?.position;
    expect(Math.hypot((pose?.x ?? 0) - 40, (pose?.y ?? 0) - 10.5)).toBeLessThan(0.6);
    // The device hears of it over MQTT, a moment after the console knows.
    await eventually('the device shows arrived', async () =>
      b.commands.some((c) => c.type === 'callState' && c.state === 'arrived'),
    );
    await b.ack();
    await eventually('done', async () => (await device(b.id)).openCall === null);
    const kinds = await events(b.id);
    // Newest first, each step after the one that caused it.
    const steps = ['callDone', 'ack', 'robotArrived', 'robotAssigned', 'callCreated', 'press'] as const;
    const order = steps.map((k) => kinds.indexOf(k));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const [done] = (await calls(b.id)).list;
    expect(done).toMatchObject({ state: 'done', robotName: 'Runner CALL-NEAR' });
    expect(done?.assignedAt).not.toBeNull();
    expect(done?.arrivedAt).not.toBeNull();
  });

  it('a second press while a call is open does not make a second call', async () => {
    const b = await button('CALL-2', { x: 20, y: 25 });
    await b.press();
    await b.press();
    await eventually(
      'the repeat is on the timeline',
      async () => (await events(b.id)).filter((k) => k === 'press').length === 2,
    );
    expect((await calls(b.id)).totalCnt).toBe(1);
    await call(t.app, 'cancelMiniDeviceCall', { token: owner, params: { id: b.id } });
  });

  it('a call no robot may take waits in the queue with its position, escalates to the staff pager, and cancel ends it', async () => {
    const pager = await button('PAGER-1', null, 'staffPager');
    const b = await button('CALL-3', { x: 10, y: 10 });
    // Nobody may answer this one: only a robot that does not exist.
    const edit = await call(t.app, 'editMiniDevice', {
      token: owner,
      body: {
        id: b.id,
        label: 'Table CALL-3',
        type: 'callButton',
        model: '',
        allowedRobotIds: [],
        allowedModels: ['NoSuchModel'],
        minBattery: 20,
        heartbeatS: 60,
      },
    });
    expect(edit.status, edit.body.info).toBe(200);
    await b.press();
    const queued = await eventually('queued', async () => (await device(b.id)).openCall);
    expect(queued).toMatchObject({ state: 'created', queuePosition: 1 });
    await eventually('the device shows its place', () =>
      b.commands.some((c) => c.type === 'callState' && c.queuePosition === 1),
    );
    await eventually('escalated', () => pager.commands.some((c) => c.type === 'alert'), 5000);
    expect(await events(b.id)).toContain('callEscalated');
    expect(await events(pager.id)).toContain('alertSent');
    await b.cancel();
    await eventually('cancelled', async () => (await device(b.id)).openCall === null);
    expect((await calls(b.id)).list[0]?.state).toBe('cancelled');
  });

  it('unbinding a device cancels its open call', async () => {
    const b = await button('CALL-4', { x: 12, y: 30 });
    await call(t.app, 'editMiniDevice', {
      token: owner,
      body: {
        id: b.id,
        label: 'Table CALL-4',
        type: 'callButton',
        model: '',
        allowedRobotIds: [],
        allowedModels: ['NoSuchModel'],
        minBattery: 20,
        heartbeatS: 60,
      },
    });
    await b.press();
    await eventually('queued', async () => (await device(b.id)).openCall);
    const unbound = await call(t.app, 'bindMiniBuilding', {
      token: owner,
      body: { deviceId: b.id, buildingId: null },
    });
    expect(unbound.body.data).toMatchObject({ buildingId: null, floorId: null, point: null, openCall: null });
    expect((await calls(b.id)).list[0]).toMatchObject({ state: 'cancelled', note: 'the device was unbound' });
  });

  it('identify reaches an online device; an offline one is refused saying so', async () => {
    const b = await button('IDENT-1', null);
    const res = await call(t.app, 'identifyMiniDevice', {
      token: owner,
      params: { id: b.id },
      body: { seconds: 5 },
    });
    expect(res.status, res.body.info).toBe(200);
    await eventually('identify heard', () =>
      b.commands.some((c) => c.type === 'identify' && c.seconds === 5),
    );
    await b.send('connection', { connectionState: 'OFFLINE' });
    await eventually('offline', () => t.app.devices.store.facts(b.id)?.online === false);
    const refused = await call(t.app, 'identifyMiniDevice', {
      token: owner,
      params: { id: b.id },
      body: { seconds: 5 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.info).toMatch(/offline/);
    expect(refused.body).toMatchObject({
      refusal: { rule: 'deviceOffline', params: { device: expect.any(String) } },
    });
  });
});

describe('the devices stream of /live (DEVICES-LIVE)', () => {
  /** A browser on /live following the company's devices: every message it received, parsed. */
  async function browser(token: string) {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
    const messages: LiveServerMessage[] = [];
    socket.on('message', (raw) => {
      const m = decodeLiveFrame(raw as Buffer);
      if (m) messages.push(m);
    });
    await new Promise((resolve) => socket.on('open', resolve));
    socket.send(JSON.stringify({ type: 'subscribe', token, streams: ['devices'] }));
    sockets.push(socket);
    return messages;
  }
  const sockets: WebSocket[] = [];
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it("a browser gets the company's devices, then each heartbeat and call step as it happens", async () => {
    const b = await button('STREAMED-1', { x: 12, y: 12 });
    const messages = await browser(owner);
    const snapshot = await eventually('snapshot', () => messages.find((m) => m.type === 'deviceSnapshot'));
    const mine = snapshot.type === 'deviceSnapshot' ? snapshot.devices.find((d) => d.id === b.id) : undefined;
    expect(mine?.live).toMatchObject({ online: true, battery: 81, rssi: -60 });
    // Only Acme's devices: every one of them is one Acme's device search finds.
    const ids = snapshot.type === 'deviceSnapshot' ? snapshot.devices.map((d) => d.id) : [];
    const acme = await call(t.app, 'searchMiniDevices', {
      token: owner,
      body: { pageIndex: 1, pageLength: 100, requestData: {} },
    });
    expect(new Set(ids)).toEqual(new Set(acme.body.data.list.map((d: { id: string }) => d.id)));

    const changesOf = () =>
      messages.flatMap((m) => (m.type === 'deviceChanges' ? m.devices.filter((d) => d.id === b.id) : []));
    await b.send('heartbeat', { battery: 42, rssi: -71 });
    await eventually('the heartbeat pushed', () => changesOf().some((d) => d.live.battery === 42));
    expect(changesOf().at(-1)?.live).toMatchObject({ online: true, battery: 42, rssi: -71 });
    await b.press();
    const withCall = await eventually('the call pushed', () => changesOf().find((d) => d.openCall));
    expect(withCall.openCall?.state).toMatch(/created|assigned|arriving|arrived/);
    await b.cancel();
    await eventually('the call ended, pushed', () => changesOf().at(-1)?.openCall === null);
  });
});
