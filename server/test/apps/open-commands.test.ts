import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, robotCommands } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import {
  buildingIdOf,
  createApp,
  eventually,
  type MadeApp,
  openCall,
  registerRobot,
  robotGoesOffline,
  robotSays,
  tokenOf,
} from './apps-fixture.js';

/*
 * Commands an application sends (robots.operate): they reach the robot as VDA 5050 messages on its own topics
 * (heard here by a client logged in as the robot), record the application that sent them, answer only that
 * application's progress queries, and are audited naming it, with no person as the actor (APPS-AUDIT).
 */

let t: TestApp;
let tok: Record<'owner' | 'solo', string>;
let acme: string;
let robot: { id: string; serialNumber: string };
let app: MadeApp;
let appToken: string;
let robotClient: MqttClient;
const heard: { topic: string; message: Record<string, unknown> }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  tok = await demoTokens(t, 'owner', 'solo');
  acme = await companyIdOf(t, 'Acme Robotics');
  const made = await registerRobot(t, tok.owner, 'CMD-1', await buildingIdOf(t, acme, 'Acme Tower'));
  robot = { id: made.id, serialNumber: 'CMD-1' };
  robotClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.fleet.broker?.port}`, {
    username: made.credentials.username,
    password: made.credentials.password,
    reconnectPeriod: 0,
  });
  robotClient.on('message', (topic, payload) =>
    heard.push({ topic, message: JSON.parse(payload.toString()) }),
  );
  await robotClient.subscribeAsync(
    [`${made.credentials.topicPrefix}/order`, `${made.credentials.topicPrefix}/instantActions`],
    { qos: 1 },
  );
  await robotSays(t, robot);
  app = await createApp(t, tok.owner, {
    name: 'Hotel PMS',
    robots: { all: false, robotIds: [robot.id], buildingIds: [] },
  });
  appToken = await tokenOf(t, app);
});
afterAll(async () => {
  await robotClient?.endAsync(true);
  await t?.close();
});

/** The VDA 5050 message the robot heard on `kind` carrying `reference` (an order id or an action id). */
const heardBy = (kind: 'order' | 'instantActions', reference: string) =>
  eventually(`${kind} ${reference} at the robot`, () =>
    heard.find(
      (h) =>
        h.topic.endsWith(`/${kind}`) &&
        (h.message.orderId === reference ||
          (h.message.actions as { actionId: string }[] | undefined)?.some((a) => a.actionId === reference)),
    ),
  );

describe('commands of an application', () => {
  it('APPS-AUDIT: pause, resume and go-to reach the robot over VDA 5050, record the application and are audited naming it', async () => {
    const pause = await openCall(t, 'openPause', appToken, { params: { id: robot.id } });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    expect(pause.body.data).toMatchObject({
      robotId: robot.id,
      type: 'pause',
      status: 'sent',
      issuedBy: null,
      issuedByApp: { id: app.id, name: 'Hotel PMS' },
    });
    const paused = await heardBy('instantActions', pause.body.data.reference);
    expect(paused.message).toMatchObject({ serialNumber: 'CMD-1', actions: [{ actionType: 'startPause' }] });

    const resume = await openCall(t, 'openResume', appToken, { params: { id: robot.id } });
    expect(resume.status).toBe(200);
    const resumed = await heardBy('instantActions', resume.body.data.reference);
    expect(resumed.message).toMatchObject({ actions: [{ actionType: 'stopPause' }] });

    const goTo = await openCall(t, 'openGoTo', appToken, {
      params: { id: robot.id },
      body: { target: { x: 3, y: 4, name: 'Room 101' } },
    });
    expect(goTo.status, JSON.stringify(goTo.body)).toBe(200);
    expect(goTo.body.data).toMatchObject({ type: 'goTo', detail: 'Room 101 (3, 4)' });
    const order = await heardBy('order', goTo.body.data.reference);
    const nodes = order.message.nodes as { nodePosition: { x: number; y: number; mapId: string } }[];
    expect(nodes.at(-1)?.nodePosition).toMatchObject({ x: 3, y: 4, mapId: 'floor-1' });

    const rows = await t.regional.db.select().from(robotCommands).where(eq(robotCommands.robotId, robot.id));
    const sent = [pause, resume, goTo].map((r) => r.body.data.id);
    for (const id of sent) {
      expect(rows.find((r) => r.id === id)).toMatchObject({
        issuedBy: null,
        issuedByApp: app.id,
        issuedByAppName: 'Hotel PMS',
      });
    }
    const audited = await t.directory.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'robot.command'), eq(auditLog.targetId, robot.id)));
    const references = [pause, resume, goTo].map((r) => r.body.data.reference);
    const mine = audited.filter((r) => references.includes(String(r.detail.reference)));
    expect(mine).toHaveLength(3);
    for (const row of mine) {
      expect(row.actorId).toBeNull();
      expect(row.companyId).toBe(acme);
      expect(row.detail).toMatchObject({ apiApp: 'Hotel PMS', apiAppId: app.id });
    }
    expect(mine.map((r) => r.detail.type).sort()).toEqual(['goTo', 'pause', 'resume']);
  });

  it('commands leave the cache of who callers are as it is, an application’s and a person’s alike', async () => {
    const kept = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(/^auth_cache_entries (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
    };
    expect((await call(t.app, 'me', { token: tok.owner })).status).toBe(200);
    expect(await kept()).toBeGreaterThan(0);
    const before = await kept();
    const goTo = await openCall(t, 'openGoTo', appToken, {
      params: { id: robot.id },
      body: { target: { x: 1, y: 1, name: 'Lobby' } },
    });
    expect(goTo.status).toBe(200);
    expect(await kept()).toBe(before);
    const pause = await call(t.app, 'sendCommand', {
      token: tok.owner,
      params: { id: robot.id },
      body: { type: 'pause' },
    });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    // The person's write waited for its fence: nothing it wrote names a caller, so nothing was dropped.
    expect(await kept()).toBe(before);
  });

  it('APPS-ROBOTS: openCommand answers the application’s own commands only, a person’s or another application’s is 404', async () => {
    const own = await openCall(t, 'openPause', appToken, { params: { id: robot.id } });
    expect(own.status).toBe(200);
    const read = await openCall(t, 'openCommand', appToken, { params: { id: own.body.data.id } });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: own.body.data.id, issuedByApp: { id: app.id } });

    const byPerson = await call(t.app, 'sendCommand', {
      token: tok.owner,
      params: { id: robot.id },
      body: { type: 'resume' },
    });
    expect(byPerson.status, byPerson.body.info).toBe(200);
    expect(byPerson.body.data).toMatchObject({ issuedBy: { name: 'Olivia Owens' }, issuedByApp: null });
    const personal = await openCall(t, 'openCommand', appToken, { params: { id: byPerson.body.data.id } });
    expect(personal.status).toBe(404);

    const other = await createApp(t, tok.owner, { name: 'Other integration' });
    const otherToken = await tokenOf(t, other);
    expect((await openCall(t, 'openCommand', otherToken, { params: { id: own.body.data.id } })).status).toBe(
      404,
    );
    const soloToken = await tokenOf(t, await createApp(t, tok.solo));
    expect((await openCall(t, 'openCommand', soloToken, { params: { id: own.body.data.id } })).status).toBe(
      404,
    );

    // A person's command is audited with the person, and no application.
    const [personRow] = await t.directory.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'robot.command'), eq(auditLog.targetId, robot.id)))
      .then((rows) => rows.filter((r) => r.detail.reference === byPerson.body.data.reference));
    expect(personRow?.actorId).not.toBeNull();
    expect(personRow?.detail.apiApp).toBeUndefined();
  });

  it('APPS-ROBOTS: a go-to needs a target or a station (400 naming it), and an offline robot cannot be sent one (409)', async () => {
    for (const body of [{}, { target: { x: 1, y: 1 }, stationId: '00000000-0000-4000-8000-000000000000' }]) {
      const res = await openCall(t, 'openGoTo', appToken, { params: { id: robot.id }, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.info).toMatch(/^body\.stationId: /);
    }
    const foreignStation = await openCall(t, 'openGoTo', appToken, {
      params: { id: robot.id },
      body: { stationId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(foreignStation.status).toBe(404);
    await robotGoesOffline(t, robot);
    const offline = await openCall(t, 'openPause', appToken, { params: { id: robot.id } });
    expect(offline.status).toBe(409);
    expect(offline.body.info).toMatch(/offline/);
    await robotSays(t, robot);
    expect((await openCall(t, 'openPause', appToken, { params: { id: robot.id } })).status).toBe(200);
  });
});
