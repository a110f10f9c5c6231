import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { AgvController, VirtualAgvAdapter } from 'vda-5050-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotStateSamples, robotTasks } from '../../src/db/schema/index.js';
import { robotTopic } from '../../src/fleet/vda/topics.js';
import { userIdOf } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { eventually } from './fleet-helpers.js';
import { state } from './vda-samples.js';

let t: TestApp;
let owner: string;
let brokerUrl: string;
const agvs: AgvController[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  brokerUrl = `mqtt://127.0.0.1:${t.app.fleet.broker?.port}`;
});
afterAll(async () => {
  for (const a of agvs) await a.stop().catch(() => {});
  await t.close();
});

async function register(serialNumber: string) {
  const res = await call(t.app, 'registerRobot', {
    token: owner,
    body: {
      name: `Robot ${serialNumber}`,
      manufacturer: 'lib',
      serialNumber,
      model: 'virtual',
      expectedIntervalSeconds: 5,
    },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const connects = (username: string, password: string) =>
  mqtt.connectAsync(brokerUrl, { username, password, reconnectPeriod: 0, connectTimeout: 3000 }).then(
    async (c) => {
      await c.endAsync(true);
      return true;
    },
    () => false,
  );

async function startAgv(serialNumber: string, password: string) {
  const agv = new AgvController(
    { manufacturer: 'lib', serialNumber },
    {
      interfaceName: 'uagv',
      vdaVersion: '2.0.0',
      transport: { brokerUrl, username: `lib/${serialNumber}`, password },
    },
    { agvAdapterType: VirtualAgvAdapter },
    { initialPosition: { mapId: 'floor-1', x: 0, y: 0, theta: 0 }, vehicleSpeed: 4 },
  );
  agvs.push(agv);
  await agv.start();
  return agv;
}

describe('registering robots', () => {
  it('shows MQTT credentials once, and they let the robot in', async () => {
    const { robot, credentials } = await register('R-1');
    expect(credentials).toMatchObject({ username: 'lib/R-1', topicPrefix: 'uagv/v2/lib/R-1' });
    expect(robot.status).toBe('offline');
    expect(await connects(credentials.username, credentials.password)).toBe(true);
    expect(await connects(credentials.username, `${credentials.password}x`)).toBe(false);
    const list = await call(t.app, 'listRobots', { token: owner });
    expect(list.body.data.map((r) => r.serialNumber)).toContain('R-1');
  });

  it('a serial number registered twice is a conflict on the serial number', async () => {
    await register('R-2');
    const again = await call(t.app, 'registerRobot', {
      token: owner,
      body: { name: 'Twin', manufacturer: 'lib', serialNumber: 'R-2', model: 'virtual' },
    });
    expect(again.status).toBe(409);
    expect(again.body.info).toMatch(/^body\.serialNumber: /);
  });

  it('renewing the password locks the old one out', async () => {
    const { robot, credentials } = await register('R-3');
    const renewed = await call(t.app, 'renewRobotCredentials', { token: owner, params: { id: robot.id } });
    expect(await connects(credentials.username, credentials.password)).toBe(false);
    expect(await connects(credentials.username, renewed.body.data.password)).toBe(true);
  });

  it('a removed robot is gone and its credentials stop working', async () => {
    const { robot, credentials } = await register('R-4');
    expect((await call(t.app, 'removeRobot', { token: owner, params: { id: robot.id } })).status).toBe(200);
    expect(await connects(credentials.username, credentials.password)).toBe(false);
    expect((await call(t.app, 'getRobot', { token: owner, params: { id: robot.id } })).status).toBe(404);
  });
});

describe('commands', () => {
  it('pause reaches a VDA 5050 robot and its progress is recorded to finished', async () => {
    const { robot, credentials } = await register('AGV-1');
    await startAgv('AGV-1', credentials.password);
    await eventually('online', () => t.app.fleet.store.get(robot.id)?.connection === 'ONLINE');
    const sent = await call(t.app, 'sendCommand', {
      token: owner,
      params: { id: robot.id },
      body: { type: 'pause' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      type: 'pause',
      status: 'sent',
      issuedBy: { name: 'Olivia Owens' },
    });
    await eventually('paused', () => t.app.fleet.store.get(robot.id)?.paused);
    const finished = await eventually('finished', async () => {
      const list = await call(t.app, 'listCommands', { token: owner, params: { id: robot.id } });
      return list.body.data.find((c) => c.id === sent.body.data.id && c.status === 'finished');
    });
    expect(finished.type).toBe('pause');
    await call(t.app, 'sendCommand', { token: owner, params: { id: robot.id }, body: { type: 'resume' } });
    await eventually('resumed', () => t.app.fleet.store.get(robot.id)?.paused === false);
  });

  it('go to drives the robot to the point', async () => {
    const { robot, credentials } = await register('AGV-2');
    await startAgv('AGV-2', credentials.password);
    await eventually('position', () => t.app.fleet.store.get(robot.id)?.position);
    const sent = await call(t.app, 'sendCommand', {
      token: owner,
      params: { id: robot.id },
      body: { type: 'goTo', target: { x: 3, y: 4, name: 'Dock' } },
    });
    expect(sent.status).toBe(200);
    await eventually(
      'arrived',
      () => {
        const p = t.app.fleet.store.get(robot.id)?.position;
        return p && Math.hypot(p.x - 3, p.y - 4) < 0.5;
      },
      15_000,
    );
    // The drive is history now: one completed task of about 5 m, and state samples along the way.
    const task = await eventually('task recorded', async () => {
      await t.app.fleet.history.flush();
      const [row] = await t.regional.db.select().from(robotTasks).where(eq(robotTasks.robotId, robot.id));
      return row;
    });
    expect(task).toMatchObject({ result: 'completed', orderId: expect.stringMatching(/^goto-/) });
    expect(task.distanceM).toBeGreaterThan(4);
    expect(task.distanceM).toBeLessThan(6);
    const samples = await t.regional.db
      .select()
      .from(robotStateSamples)
      .where(eq(robotStateSamples.robotId, robot.id));
    expect(samples.map((x) => x.status)).toEqual(expect.arrayContaining(['idle', 'working']));
  });

  it('a command the robot never answers times out', async () => {
    const { robot } = await register('MUTE-1');
    await t.app.fleet.bus.publish(
      robotTopic(t.app.fleet.prefix, 'lib', 'MUTE-1', 'state'),
      JSON.stringify(state({ manufacturer: 'lib', serialNumber: 'MUTE-1' })),
      { qos: 0 },
    );
    await eventually('online', () => t.app.fleet.store.get(robot.id)?.connection === 'ONLINE');
    const sent = await call(t.app, 'sendCommand', {
      token: owner,
      params: { id: robot.id },
      body: { type: 'charge' },
    });
    const timedOut = await eventually(
      'timeout',
      async () => {
        const list = await call(t.app, 'listCommands', { token: owner, params: { id: robot.id } });
        return list.body.data.find((c) => c.id === sent.body.data.id && c.status === 'timedOut');
      },
      15_000,
    );
    expect(timedOut.detail).toMatch(/no answer/);
  });

  it('an offline robot is refused, not left waiting', async () => {
    const { robot } = await register('OFF-1');
    const res = await call(t.app, 'sendCommand', {
      token: owner,
      params: { id: robot.id },
      body: { type: 'pause' },
    });
    expect(res.status).toBe(409);
  });

  it('staff operate only the robots assigned to them', async () => {
    const { robot } = await register('STAFF-1');
    await t.app.fleet.bus.publish(
      robotTopic(t.app.fleet.prefix, 'lib', 'STAFF-1', 'state'),
      JSON.stringify(state({ manufacturer: 'lib', serialNumber: 'STAFF-1' })),
      { qos: 0 },
    );
    await eventually('online', () => t.app.fleet.store.get(robot.id)?.connection === 'ONLINE');
    const staff = await login(t.app, 'staff@acme.test');
    const pause = { params: { id: robot.id }, body: { type: 'requestState' } };
    expect((await call(t.app, 'sendCommand', { token: staff, ...pause })).status).toBe(403);
    const staffId = await userIdOf(t, 'staff@acme.test');
    await call(t.app, 'assignRobots', { token: owner, body: { userId: staffId, robotIds: [robot.id] } });
    expect((await call(t.app, 'sendCommand', { token: staff, ...pause })).status).toBe(200);
  });
});

describe('revoking a connected robot', () => {
  it('removal closes the robot’s open MQTT connection', async () => {
    const { robot, credentials } = await register('CUT-1');
    const client = await mqtt.connectAsync(brokerUrl, {
      username: credentials.username,
      password: credentials.password,
      reconnectPeriod: 0,
    });
    const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    await call(t.app, 'removeRobot', { token: owner, params: { id: robot.id } });
    await closed;
    expect(client.connected).toBe(false);
  });
});
