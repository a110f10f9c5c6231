import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { walkApp } from '../walk-apps.js';
import {
  buildingIdOf,
  createApp,
  eventually,
  type Recorder,
  registerRobot,
  robotGoesOffline,
  robotSays,
  startRecorder,
} from './apps-fixture.js';

/*
 * APPS-WEBHOOK-SCOPES: an event tells what its scope lets the application read, so a webhook subscribes only to the
 * events its application's scopes cover; when the scopes shrink, its webhooks lose the events no longer covered
 * (and one left with none is switched off), and nothing outside them is delivered.
 */

let t: TestApp;
let owner: string;
let acme: string;
let tower: string;
let receiver: Recorder;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await demoTokens(t, 'owner'));
  acme = await companyIdOf(t, 'Acme Robotics');
  tower = await buildingIdOf(t, acme, 'Acme Tower');
  receiver = await startRecorder();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('webhook events and the application scopes', () => {
  it('APPS-WEBHOOK-SCOPES: subscribing to an event the scopes do not cover is refused on body.events, naming the scope', async () => {
    const app = await createApp(t, owner, { name: 'Devices only', scopes: ['devices.read'] });
    const refused = await call(t.app, 'createWebhook', {
      token: owner,
      body: { appId: app.id, url: receiver.url('/devices'), events: ['call.created', 'robot.offline'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.info).toMatch(/^body\.events: robot\.offline need the scope robots\.read/);

    const made = await call(t.app, 'createWebhook', {
      token: owner,
      body: { appId: app.id, url: receiver.url('/devices'), events: ['call.created', 'call.answered'] },
    });
    expect(made.status, made.body.info).toBe(200);
    const hook = made.body.data.webhook;
    const edited = await call(t.app, 'editWebhook', {
      token: owner,
      body: { id: hook.id, url: hook.url, events: ['call.created', 'task.finished'], active: true },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.info).toMatch(/^body\.events: task\.finished need the scope tasks\.read/);
    // Nothing was half-saved.
    const listed = await call(t.app, 'listWebhooks', { token: owner, params: { id: app.id } });
    expect(listed.body.data.map((w) => w.events)).toEqual([['call.created', 'call.answered']]);
  });

  it('APPS-WEBHOOK-SCOPES: narrowing the scopes drops the uncovered events from the webhooks, switches off one left with none, and stops their deliveries', async () => {
    const robot = { id: '', serialNumber: 'SCOPE-1' };
    robot.id = (await registerRobot(t, owner, robot.serialNumber, tower)).id;
    await robotSays(t, robot);
    const robots = { all: false, robotIds: [robot.id], buildingIds: [] };
    const app = await createApp(t, owner, {
      name: 'Narrowed',
      scopes: ['robots.read', 'devices.read'],
      robots,
    });
    const mixed = await call(t.app, 'createWebhook', {
      token: owner,
      body: { appId: app.id, url: receiver.url('/mixed'), events: ['robot.offline', 'call.created'] },
    });
    const robotOnly = await call(t.app, 'createWebhook', {
      token: owner,
      body: { appId: app.id, url: receiver.url('/robot-only'), events: ['robot.offline'] },
    });
    expect([mixed.status, robotOnly.status]).toEqual([200, 200]);
    // A second application that keeps robots.read: it is told, so the first one's silence is not for lack of an event.
    const control = await createApp(t, owner, { name: 'Control', scopes: ['robots.read'], robots });
    expect(
      (
        await call(t.app, 'createWebhook', {
          token: owner,
          body: { appId: control.id, url: receiver.url('/control'), events: ['robot.offline'] },
        })
      ).status,
    ).toBe(200);

    const saved = await call(t.app, 'editApiApp', {
      token: owner,
      body: { id: app.id, ...walkApp({ name: 'Narrowed', scopes: ['devices.read'], robots }) },
    });
    expect(saved.status, saved.body.info).toBe(200);
    const hooks = (await call(t.app, 'listWebhooks', { token: owner, params: { id: app.id } })).body.data;
    expect(hooks.map((w) => [w.url, w.events, w.active])).toEqual([
      [receiver.url('/mixed'), ['call.created'], true],
      [receiver.url('/robot-only'), [], false],
    ]);
    const [edit] = await t.directory.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, app.id), eq(auditLog.action, 'apiApp.edit')));
    expect(edit?.detail).toMatchObject({ scopes: ['devices.read'], webhooksNarrowed: 2 });

    await robotGoesOffline(t, robot);
    await eventually('robot.offline at /control', () => receiver.received.some((r) => r.path === '/control'));
    await t.app.webhooks.settle();
    expect(receiver.received.filter((r) => r.path === '/mixed' || r.path === '/robot-only')).toEqual([]);
  });
});
