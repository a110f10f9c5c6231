import { randomUUID } from 'node:crypto';
import type { appRoutes, RouteId } from '@fleet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAppSecrets, apiApps, auditLog } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, demoUserIds } from '../demo.js';
import { buildTestApp, type CallOptions, call, type TestApp } from '../helper.js';
import { walkApp } from '../walk-apps.js';
import { buildingIdOf, createApp, demoRobotId, type Recorder, startRecorder } from './apps-fixture.js';

/*
 * /app's API applications as their managers see them (APPS-MANAGE): who may manage them, what another company
 * finds, what a create or an edit refuses and why, that the secret is shown once (APPS-CREDENTIALS), and that
 * every change leaves an audit row (APPS-AUDIT).
 */

let t: TestApp;
let tok: Record<'owner' | 'admin' | 'staff' | 'solo' | 'super', string>;
let acme: string;
let receiver: Recorder;

beforeAll(async () => {
  t = await buildTestApp();
  tok = await demoTokens(t, 'owner', 'admin', 'staff', 'solo', 'super');
  acme = await companyIdOf(t, 'Acme Robotics');
  receiver = await startRecorder();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type ManageRouteId = keyof typeof appRoutes;

/** A valid call of each /app route on the application and webhook given: only who calls decides the answer. */
function validCalls(appId: string, webhookId: string, url: string): Record<ManageRouteId, CallOptions> {
  return {
    listApiApps: {},
    createApiApp: { body: walkApp() },
    editApiApp: { body: { id: appId, ...walkApp() } },
    rotateApiAppSecret: { params: { id: appId }, body: { overlapHours: 1 } },
    revokeApiApp: { params: { id: appId } },
    reviewApiApp: { params: { id: appId } },
    removeApiApp: { params: { id: appId } },
    apiAppUsage: { params: { id: appId } },
    listWebhooks: { params: { id: appId } },
    createWebhook: { body: { appId, url, events: ['robot.offline'] } },
    editWebhook: { body: { id: webhookId, url, events: ['robot.online'], active: true } },
    rotateWebhookSecret: { params: { id: webhookId } },
    removeWebhook: { params: { id: webhookId } },
    webhookDeliveries: { params: { id: webhookId } },
    testWebhook: { params: { id: webhookId } },
  };
}

async function webhookOf(appId: string): Promise<string> {
  const res = await call(t.app, 'createWebhook', {
    token: tok.owner,
    body: { appId, url: receiver.url('/manage'), events: ['robot.offline'] },
  });
  expect(res.status, res.body.info).toBe(200);
  return res.body.data.webhook.id;
}

describe('who manages API applications', () => {
  it('APPS-MANAGE: staff get 403 on every /app route, even with valid input', async () => {
    const app = await createApp(t, tok.owner);
    const hook = await webhookOf(app.id);
    const calls = validCalls(app.id, hook, receiver.url('/manage'));
    for (const id of Object.keys(calls) as ManageRouteId[]) {
      const res = await call(t.app, id, { token: tok.staff, ...calls[id] });
      expect(res.status, `${id}: ${res.body.info}`).toBe(403);
    }
    // Nothing changed behind the refusals.
    const list = await call(t.app, 'listApiApps', { token: tok.owner });
    expect(list.body.data.find((a) => a.id === app.id)?.status).toBe('active');
  });

  it('APPS-MANAGE: the owner, an administrator and a super admin acting in the company create, list and edit', async () => {
    for (const who of ['owner', 'admin', 'super'] as const) {
      const made = await call(t.app, 'createApiApp', {
        token: tok[who],
        body: walkApp({ name: `By ${who}` }),
      });
      expect(made.status, `${who}: ${made.body.info}`).toBe(200);
      const edited = await call(t.app, 'editApiApp', {
        token: tok[who],
        body: {
          id: made.body.data.app.id,
          ...walkApp({ name: `Edited by ${who}`, scopes: ['robots.read'] }),
        },
      });
      expect(edited.status, `${who}: ${edited.body.info}`).toBe(200);
      expect(edited.body.data).toMatchObject({ name: `Edited by ${who}`, scopes: ['robots.read'] });
      const list = await call(t.app, 'listApiApps', { token: tok[who] });
      expect(list.status).toBe(200);
      expect(list.body.data.map((a) => a.name)).toContain(`Edited by ${who}`);
    }
  });

  it('APPS-MANAGE: another company’s application or webhook answers 404 on every route that names one', async () => {
    const app = await createApp(t, tok.owner, { name: 'Acme only' });
    const hook = await webhookOf(app.id);
    const calls = validCalls(app.id, hook, receiver.url('/manage'));
    const byId = (Object.keys(calls) as ManageRouteId[]).filter(
      (id) => id !== 'listApiApps' && id !== 'createApiApp',
    );
    expect(byId).toHaveLength(13);
    for (const id of byId) {
      const res = await call(t.app, id, { token: tok.solo, ...calls[id] });
      expect(res.status, `${id}: ${res.body.info}`).toBe(404);
    }
    const soloList = await call(t.app, 'listApiApps', { token: tok.solo });
    expect(soloList.status).toBe(200);
    expect(JSON.stringify(soloList.body.data)).not.toContain(app.id);
    // Acme's application is untouched: not revoked, not removed, its webhook still there.
    const hooks = await call(t.app, 'listWebhooks', { token: tok.owner, params: { id: app.id } });
    expect(hooks.body.data.map((h) => h.id)).toEqual([hook]);
    // An id nobody has is the same 404.
    const nobody = await call(t.app, 'revokeApiApp', { token: tok.owner, params: { id: randomUUID() } });
    expect(nobody.status).toBe(404);
  });

  it('APPS-MANAGE: a robot or building of another company in the robots chosen answers 404', async () => {
    const soloBuilding = await buildingIdOf(t, await companyIdOf(t, 'Solo Café'), 'Solo Café Main Street');
    const acmeRobot = await demoRobotId(t, 'Courier 1');
    const foreignBuilding = await call(t.app, 'createApiApp', {
      token: tok.owner,
      body: walkApp({ robots: { all: false, robotIds: [], buildingIds: [soloBuilding] } }),
    });
    expect(foreignBuilding.status).toBe(404);
    expect(foreignBuilding.body.info).toMatch(/building/);
    const foreignRobot = await call(t.app, 'createApiApp', {
      token: tok.solo,
      body: walkApp({ robots: { all: false, robotIds: [acmeRobot], buildingIds: [] } }),
    });
    expect(foreignRobot.status).toBe(404);
    expect(foreignRobot.body.info).toMatch(/robot/);
    const unknownRobot = await call(t.app, 'createApiApp', {
      token: tok.owner,
      body: walkApp({ robots: { all: false, robotIds: [randomUUID()], buildingIds: [] } }),
    });
    expect(unknownRobot.status).toBe(404);
    // Editing is held to the same rule.
    const soloApp = await createApp(t, tok.solo, {
      robots: { all: false, robotIds: [], buildingIds: [soloBuilding] },
    });
    const edit = await call(t.app, 'editApiApp', {
      token: tok.solo,
      body: {
        id: soloApp.id,
        ...walkApp({ robots: { all: false, robotIds: [acmeRobot], buildingIds: [] } }),
      },
    });
    expect(edit.status).toBe(404);
  });
});

describe('what a create or an edit refuses', () => {
  it('APPS-MANAGE: an expiry in the past is 400 naming body.expiresAt; an expiry left as it was may be past', async () => {
    const past = await call(t.app, 'createApiApp', {
      token: tok.owner,
      body: walkApp({ expiresAt: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(past.status).toBe(400);
    expect(past.body.info).toMatch(/^body\.expiresAt: /);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const app = await createApp(t, tok.owner, { expiresAt: future });
    const toPast = await call(t.app, 'editApiApp', {
      token: tok.owner,
      body: { id: app.id, ...walkApp({ expiresAt: new Date(Date.now() - 1000).toISOString() }) },
    });
    expect(toPast.status).toBe(400);
    expect(toPast.body.info).toMatch(/^body\.expiresAt: /);

    // The application expired since: renaming it keeps its expiry as it is, past or not.
    const expiredAt = new Date(Date.now() - 3_600_000);
    await t.regional.db.update(apiApps).set({ expiresAt: expiredAt }).where(eq(apiApps.id, app.id));
    const renamed = await call(t.app, 'editApiApp', {
      token: tok.owner,
      body: { id: app.id, ...walkApp({ name: 'Expired, renamed', expiresAt: expiredAt.toISOString() }) },
    });
    expect(renamed.status, renamed.body.info).toBe(200);
    expect(renamed.body.data.status).toBe('expired');
  });

  it('APPS-MANAGE: a bad IP range, empty scopes, a bad rate limit or a bad webhook address is 400 naming the field', async () => {
    const cases: [Partial<ReturnType<typeof walkApp>>, RegExp][] = [
      [{ ipRanges: ['10.0.0.0/33'] }, /^body\.ipRanges\.0: /],
      [{ ipRanges: ['not an address'] }, /^body\.ipRanges\.0: /],
      [{ ipRanges: ['192.168.0.1', '300.1.1.1'] }, /^body\.ipRanges\.1: /],
      [{ scopes: [] }, /^body\.scopes: /],
      [{ rateLimitPerMinute: 0 }, /^body\.rateLimitPerMinute: /],
      [{ name: '' }, /^body\.name: /],
    ];
    for (const [over, field] of cases) {
      const res = await call(t.app, 'createApiApp', { token: tok.owner, body: walkApp(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.info).toMatch(field);
    }
    const unknownScope = await call(t.app, 'createApiApp', {
      token: tok.owner,
      body: { ...walkApp(), scopes: ['robots.read', 'robots.fly'] },
    });
    expect(unknownScope.status).toBe(400);
    expect(unknownScope.body.info).toMatch(/^body\.scopes\.1: /);

    const app = await createApp(t, tok.owner);
    for (const url of ['ftp://example.com/hook', 'https://user:pw@example.com/hook', 'not a url', '']) {
      const res = await call(t.app, 'createWebhook', {
        token: tok.owner,
        body: { appId: app.id, url, events: ['robot.offline'] },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.info).toMatch(/^body\.url: /);
    }
    // At most ten webhooks an application.
    for (let i = 0; i < 10; i++) {
      const res = await call(t.app, 'createWebhook', {
        token: tok.owner,
        body: { appId: app.id, url: `https://example.com/hook/${i}`, events: ['robot.offline'] },
      });
      expect(res.status, res.body.info).toBe(200);
    }
    const eleventh = await call(t.app, 'createWebhook', {
      token: tok.owner,
      body: { appId: app.id, url: 'https://example.com/hook/10', events: ['robot.offline'] },
    });
    expect(eleventh.status).toBe(409);
    const noEvents = await call(t.app, 'createWebhook', {
      token: tok.owner,
      body: { appId: app.id, url: 'https://example.com/hook', events: [] },
    });
    expect(noEvents.status).toBe(400);
    expect(noEvents.body.info).toMatch(/^body\.events: /);
    // Valid ranges of both families are kept as given.
    const ranges = await call(t.app, 'editApiApp', {
      token: tok.owner,
      body: { id: app.id, ...walkApp({ ipRanges: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'] }) },
    });
    expect(ranges.status, ranges.body.info).toBe(200);
    expect(ranges.body.data.ipRanges).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']);
  });
});

describe('the secret', () => {
  it('APPS-CREDENTIALS: the secret is answered once; the list shows its hint only and the database its hash', async () => {
    const made = await call(t.app, 'createApiApp', {
      token: tok.admin,
      body: walkApp({ name: 'Secretive' }),
    });
    expect(made.status).toBe(200);
    const { secret, accessKey, tokenUrl, app } = made.body.data;
    expect(secret).toMatch(/^fcs_/);
    expect(accessKey).toMatch(/^fca_/);
    expect(tokenUrl).toMatch(/\/opt\/open\/v1\/oauth\/token$/);
    expect(app.secrets).toHaveLength(1);
    expect(secret.startsWith(app.secrets[0]?.hint.replace('…', '') ?? 'x')).toBe(true);
    const list = await call(t.app, 'listApiApps', { token: tok.owner });
    const text = JSON.stringify(list.body.data);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(secret.slice(8));
    const listed = list.body.data.find((a) => a.id === app.id);
    expect(listed).toMatchObject({ accessKey, status: 'active', createdBy: { name: 'Adam Alvarez' } });
    const rows = await t.regional.db.select().from(apiAppSecrets).where(eq(apiAppSecrets.appId, app.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(4));
    // Rotating answers the new secret once, the list never.
    const rotated = await call(t.app, 'rotateApiAppSecret', {
      token: tok.owner,
      params: { id: app.id },
      body: { overlapHours: 2 },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.accessKey).toBe(accessKey);
    const after = JSON.stringify((await call(t.app, 'listApiApps', { token: tok.owner })).body.data);
    expect(after).not.toContain(rotated.body.data.secret);
    // The secret rotated out is listed with the end of its overlap; the new one has none.
    const secrets = rotated.body.data.app.secrets;
    expect(secrets).toHaveLength(2);
    const ends = secrets.map((s) => s.expiresAt);
    expect(ends.filter((e) => e === null)).toHaveLength(1);
    const overlap = Date.parse(ends.find((e) => e !== null) ?? '') - Date.now();
    expect(overlap).toBeGreaterThan(1.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(2 * 3_600_000);
  });
});

describe('the audit log', () => {
  it('APPS-AUDIT: creating, editing, rotating, revoking, reviewing and removing an application, and adding, editing, rotating, testing and removing a webhook are audited, never with a secret', async () => {
    const made = await call(t.app, 'createApiApp', { token: tok.owner, body: walkApp({ name: 'Audited' }) });
    const { app, secret } = made.body.data;
    const steps: [RouteId, CallOptions][] = [
      ['editApiApp', { body: { id: app.id, ...walkApp({ name: 'Audited 2' }) } }],
      ['rotateApiAppSecret', { params: { id: app.id }, body: { overlapHours: 0 } }],
      ['reviewApiApp', { params: { id: app.id } }],
    ];
    for (const [id, opts] of steps) {
      const res = await call(t.app, id, { token: tok.owner, ...opts });
      expect(res.status, `${id}: ${res.body.info}`).toBe(200);
    }
    const hook = await call(t.app, 'createWebhook', {
      token: tok.owner,
      body: { appId: app.id, url: receiver.url('/audit'), events: ['robot.offline'] },
    });
    const hookId = hook.body.data.webhook.id;
    const signingSecret = hook.body.data.signingSecret;
    for (const [id, opts] of [
      [
        'editWebhook',
        { body: { id: hookId, url: receiver.url('/audit'), events: ['robot.online'], active: true } },
      ],
      ['rotateWebhookSecret', { params: { id: hookId } }],
      ['testWebhook', { params: { id: hookId } }],
      ['removeWebhook', { params: { id: hookId } }],
      ['revokeApiApp', { params: { id: app.id } }],
      ['removeApiApp', { params: { id: app.id } }],
    ] as [RouteId, CallOptions][]) {
      const res = await call(t.app, id, { token: tok.owner, ...opts });
      expect(res.status, `${id}: ${res.body.info}`).toBe(200);
    }
    const { owner } = await demoUserIds(t, 'owner');
    const rows = await t.directory.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, acme), inArray(auditLog.targetId, [app.id, hookId])));
    const actions = rows.map((r) => r.action).sort();
    expect(actions).toEqual(
      [
        'apiApp.create',
        'apiApp.edit',
        'apiApp.remove',
        'apiApp.review',
        'apiApp.revoke',
        'apiApp.rotateSecret',
        'webhook.create',
        'webhook.edit',
        'webhook.remove',
        'webhook.rotateSecret',
        'webhook.test',
      ].sort(),
    );
    expect(rows.every((r) => r.actorId === owner)).toBe(true);
    expect(rows.find((r) => r.action === 'apiApp.edit')?.detail).toMatchObject({
      name: 'Audited 2',
      formerName: 'Audited',
    });
    expect(rows.find((r) => r.action === 'apiApp.rotateSecret')?.detail).toMatchObject({ overlapHours: 0 });
    expect(rows.find((r) => r.action === 'webhook.test')?.detail).toMatchObject({ statusCode: 204 });
    expect(rows.filter((r) => r.targetType === 'apiApp')).toHaveLength(6);
    expect(rows.filter((r) => r.targetType === 'webhook')).toHaveLength(5);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(signingSecret);
  });

  it('APPS-AUDIT: revoking an application already revoked writes no second row', async () => {
    const app = await createApp(t, tok.owner);
    for (let i = 0; i < 2; i++) {
      const res = await call(t.app, 'revokeApiApp', { token: tok.owner, params: { id: app.id } });
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('revoked');
    }
    const rows = await t.directory.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, app.id), eq(auditLog.action, 'apiApp.revoke')));
    expect(rows).toHaveLength(1);
  });
});
