import { randomUUID } from 'node:crypto';
import { API_SCOPES, type ApiScope, openApiRoutes, type RouteDef, type RouteId } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { robotTasks } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { buildingIdOf, createApp, demoRobotId, openCall, tokenOf } from './apps-fixture.js';

/*
 * The open API as an integrator meets it: each route needs its one scope (APPS-SCOPES), and answers only about the
 * robots the application reaches, and the devices and lifts of their buildings (APPS-ROBOTS). The demo's robots
 * (five in Acme Tower, three at the depot), devices (two and one) and lifts (two in the tower) are used as seeded.
 */

let t: TestApp;
let tok: Record<'owner' | 'solo', string>;
let acme: string;
let tower: string;
let depot: string;
const robot: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  tok = await demoTokens(t, 'owner', 'solo');
  acme = await companyIdOf(t, 'Acme Robotics');
  tower = await buildingIdOf(t, acme, 'Acme Tower');
  depot = await buildingIdOf(t, acme, 'Acme Logistics Depot');
  for (const name of ['Courier 1', 'Courier 2', 'Cleaner 1', 'Tug 1', 'Tug 2', 'Tug 3'])
    robot[name] = await demoRobotId(t, name);
});
afterAll(async () => {
  await t?.close();
});

const scoped = (Object.values(openApiRoutes) as (RouteDef & { id: RouteId })[]).filter((r) => r.scope);
const sorted = (ids: string[]) => [...ids].sort();

describe('scopes (APPS-SCOPES)', () => {
  it('APPS-SCOPES: every open route answers 403 insufficient_scope to an application with every scope but its own', async () => {
    // Each route of the open API but the token endpoint and openApp needs one scope.
    expect(scoped.map((r) => r.id).sort()).toEqual(
      Object.keys(openApiRoutes)
        .filter((id) => id !== 'openToken' && id !== 'openApp')
        .sort(),
    );
    const tokenLacking = new Map<ApiScope, string>();
    for (const scope of API_SCOPES) {
      const app = await createApp(t, tok.owner, { scopes: API_SCOPES.filter((s) => s !== scope) });
      tokenLacking.set(scope, await tokenOf(t, app));
    }
    for (const route of scoped) {
      const scope = route.scope as ApiScope;
      const res = await openCall(t, route.id, tokenLacking.get(scope) ?? '', {
        params: { id: randomUUID() },
      });
      expect(res.status, route.id).toBe(403);
      expect(res.headers['www-authenticate'], route.id).toContain('error="insufficient_scope"');
      expect(res.headers['www-authenticate'], route.id).toContain(`scope="${scope}"`);
      expect(res.body.info, route.id).toBe(`The application does not have the scope ${scope}`);
    }
  });

  it('APPS-SCOPES: no token, a token that is not one, or a console session token is 401 on every open route', async () => {
    const sessionToken = tok.owner;
    for (const route of [...scoped, openApiRoutes.openApp as RouteDef & { id: RouteId }]) {
      const none = await openCall(t, route.id, null, { params: { id: randomUUID() } });
      expect(none.status, route.id).toBe(401);
      expect(none.headers['www-authenticate'], route.id).toBe('Bearer realm="open-api"');
      const bogus = await openCall(t, route.id, 'fct_not-a-token', { params: { id: randomUUID() } });
      expect(bogus.status, route.id).toBe(401);
      expect(bogus.headers['www-authenticate'], route.id).toBe(
        'Bearer realm="open-api", error="invalid_token"',
      );
      // The console's own token, in its header or as a bearer, is no key to the open API.
      const asConsole = await call(t.app, route.id, { token: sessionToken, params: { id: randomUUID() } });
      expect(asConsole.status, route.id).toBe(401);
      const asBearer = await openCall(t, route.id, sessionToken, { params: { id: randomUUID() } });
      expect(asBearer.status, route.id).toBe(401);
    }
  });

  it('APPS-SCOPES: a scope taken from the application is taken from the tokens it already has', async () => {
    const app = await createApp(t, tok.owner);
    const token = await tokenOf(t, app);
    expect((await openCall(t, 'openLifts', token)).status).toBe(200);
    const edited = await call(t.app, 'editApiApp', {
      token: tok.owner,
      body: {
        id: app.id,
        name: 'Fewer scopes',
        scopes: ['robots.read'],
        robots: { all: true, robotIds: [], buildingIds: [] },
        ipRanges: [],
        rateLimitPerMinute: 6000,
        expiresAt: null,
      },
    });
    expect(edited.status, edited.body.info).toBe(200);
    const lifts = await openCall(t, 'openLifts', token);
    expect(lifts.status).toBe(403);
    expect(lifts.headers['www-authenticate']).toContain('insufficient_scope');
    expect((await openCall(t, 'openRobots', token)).status).toBe(200);
    const me = await openCall(t, 'openApp', token);
    expect(me.body.data).toMatchObject({
      name: 'Fewer scopes',
      scopes: ['robots.read'],
      tokenScopes: ['robots.read'],
    });
  });
});

describe('robots reached (APPS-ROBOTS)', () => {
  it('APPS-ROBOTS: an application with chosen robots and buildings lists exactly those, and counts them', async () => {
    const app = await createApp(t, tok.owner, {
      name: 'Tower and one tug',
      robots: { all: false, robotIds: [robot['Tug 1'] ?? ''], buildingIds: [tower] },
    });
    const token = await tokenOf(t, app);
    const list = await openCall(t, 'openRobots', token);
    expect(list.status).toBe(200);
    expect(list.body.data.hint).toBeNull();
    const names = list.body.data.robots.map((r) => r.name);
    expect(sorted(names)).toEqual(
      sorted(['Courier 1', 'Courier 2', 'Courier 3', 'Courier 4', 'Cleaner 1', 'Tug 1']),
    );
    const inDepot = await openCall(t, 'openRobots', token, { query: { buildingId: depot } });
    expect(inDepot.body.data.robots.map((r) => r.name)).toEqual(['Tug 1']);
    const listed = (await call(t.app, 'listApiApps', { token: tok.owner })).body.data.find(
      (a) => a.id === app.id,
    );
    expect(listed?.robotCount).toBe(6);
    expect((await openCall(t, 'openApp', token)).body.data.robotCount).toBe(6);
    const one = await openCall(t, 'openRobot', token, { params: { id: robot['Tug 1'] ?? '' } });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: robot['Tug 1'], name: 'Tug 1' });
  });

  it('APPS-ROBOTS: a robot outside the application’s set answers 404 like another company’s, on every robot route', async () => {
    const app = await createApp(t, tok.owner, {
      robots: { all: false, robotIds: [robot['Tug 1'] ?? ''], buildingIds: [] },
    });
    const token = await tokenOf(t, app);
    const outside = robot['Tug 2'] ?? '';
    const nobodys = randomUUID();
    for (const [id, body] of [
      ['openRobot', undefined],
      ['openGoTo', { target: { x: 1, y: 1 } }],
      ['openPause', undefined],
      ['openResume', undefined],
    ] as const) {
      const out = await openCall(t, id, token, { params: { id: outside }, ...(body ? { body } : {}) });
      const none = await openCall(t, id, token, { params: { id: nobodys }, ...(body ? { body } : {}) });
      expect(out.status, id).toBe(404);
      expect(out.body, id).toEqual(none.body);
    }
    const tasks = await openCall(t, 'openTasks', token, {
      query: {
        since: new Date(Date.now() - 86_400_000).toISOString(),
        until: new Date().toISOString(),
        robotId: outside,
      },
    });
    expect(tasks.status).toBe(404);
    const day = new Date().toISOString().slice(0, 10);
    const figures = await openCall(t, 'openFigures', token, {
      query: { from: day, to: day, robotId: outside },
    });
    expect(figures.status).toBe(404);
  });

  it('APPS-ROBOTS: an application reaching no robot gets an empty list that says why, and a robot count of 0', async () => {
    const app = await createApp(t, tok.owner, {
      name: 'Reaches nothing',
      robots: { all: false, robotIds: [], buildingIds: [] },
    });
    const token = await tokenOf(t, app);
    const list = await openCall(t, 'openRobots', token);
    expect(list.status).toBe(200);
    expect(list.body.data.robots).toEqual([]);
    expect(list.body.data.hint).toEqual(expect.stringContaining('reaches no robot'));
    const listed = (await call(t.app, 'listApiApps', { token: tok.owner })).body.data.find(
      (a) => a.id === app.id,
    );
    expect(listed?.robotCount).toBe(0);
    expect((await openCall(t, 'openDevices', token)).body.data).toEqual([]);
    expect((await openCall(t, 'openLifts', token)).body.data).toEqual([]);
    const tasks = await openCall(t, 'openTasks', token, {
      query: { since: new Date(Date.now() - 86_400_000).toISOString(), until: new Date().toISOString() },
    });
    expect(tasks.body.data).toEqual({ list: [], totalCnt: 0 });
    // A building filter that empties a list of reached robots is not "reaches nothing": no hint.
    const all = await createApp(t, tok.owner, {
      robots: { all: false, robotIds: [robot['Tug 1'] ?? ''], buildingIds: [] },
    });
    const filtered = await openCall(t, 'openRobots', await tokenOf(t, all), { query: { buildingId: tower } });
    expect(filtered.body.data).toEqual({ robots: [], hint: null });
  });

  it('APPS-ROBOTS: devices and lifts are those of the buildings the application reaches', async () => {
    const courier = await createApp(t, tok.owner, {
      robots: { all: false, robotIds: [robot['Courier 1'] ?? ''], buildingIds: [] },
    });
    const tug = await createApp(t, tok.owner, { robots: { all: false, robotIds: [], buildingIds: [depot] } });
    const every = await createApp(t, tok.owner);
    const devices = async (app: typeof courier) =>
      sorted((await openCall(t, 'openDevices', await tokenOf(t, app))).body.data.map((d) => d.name));
    const lifts = async (app: typeof courier) =>
      sorted((await openCall(t, 'openLifts', await tokenOf(t, app))).body.data.map((l) => l.name));
    expect(await devices(courier)).toEqual(['MINI-ACME-0001', 'MINI-ACME-0002']);
    expect(await devices(tug)).toEqual(['MINI-ACME-0003']);
    expect(await devices(every)).toEqual(['MINI-ACME-0001', 'MINI-ACME-0002', 'MINI-ACME-0003']);
    expect(await lifts(courier)).toEqual(['Lift A', 'Lift B']);
    expect(await lifts(tug)).toEqual([]);
    expect(await lifts(every)).toEqual(['Lift A', 'Lift B']);
  });

  it('APPS-ROBOTS: tasks and figures count only the application’s robots', async () => {
    const ended = new Date(Date.now() - 3_600_000);
    await t.regional.db.insert(robotTasks).values(
      (['Tug 1', 'Tug 2'] as const).map((name) => ({
        companyId: acme,
        robotId: robot[name] ?? '',
        orderId: `open-api-${name}`,
        type: 'deliver' as const,
        startedAt: new Date(ended.getTime() - 600_000),
        endedAt: ended,
        result: 'completed' as const,
        distanceM: 10,
      })),
    );
    const app = await createApp(t, tok.owner, {
      robots: { all: false, robotIds: [robot['Tug 1'] ?? ''], buildingIds: [] },
    });
    const token = await tokenOf(t, app);
    const tasks = await openCall(t, 'openTasks', token, {
      query: { since: new Date(Date.now() - 86_400_000).toISOString(), until: new Date().toISOString() },
    });
    expect(tasks.status).toBe(200);
    expect(tasks.body.data.totalCnt).toBe(1);
    expect(tasks.body.data.list.map((x) => x.robotId)).toEqual([robot['Tug 1']]);
    const day = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const figures = await openCall(t, 'openFigures', token, { query: { from: yesterday, to: day } });
    expect(figures.status).toBe(200);
    expect(figures.body.data.robots).toBe(1);
    // A period after the task ended holds none of it.
    const later = await openCall(t, 'openTasks', token, {
      query: { since: new Date(ended.getTime() + 1000).toISOString(), until: new Date().toISOString() },
    });
    expect(later.body.data).toEqual({ list: [], totalCnt: 0 });
  });

  it('APPS-ROBOTS: another company’s application never sees Acme’s robots, devices or lifts', async () => {
    const app = await createApp(t, tok.solo, { name: 'Solo POS' });
    const token = await tokenOf(t, app);
    const list = await openCall(t, 'openRobots', token);
    expect(list.body.data.robots).toEqual([]);
    expect(list.body.data.hint).not.toBeNull();
    for (const name of ['Courier 1', 'Tug 1']) {
      const one = await openCall(t, 'openRobot', token, { params: { id: robot[name] ?? '' } });
      expect(one.status).toBe(404);
      const pause = await openCall(t, 'openPause', token, { params: { id: robot[name] ?? '' } });
      expect(pause.status).toBe(404);
    }
    expect((await openCall(t, 'openDevices', token)).body.data).toEqual([]);
    expect((await openCall(t, 'openLifts', token)).body.data).toEqual([]);
    const me = await openCall(t, 'openApp', token);
    expect(me.body.data).toMatchObject({ companyName: 'Solo Café', robotCount: 0 });
  });
});
