import { type AuditAction, type AuditEntry, PERMISSIONS, type RouteId } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, buildings, miniDevices, robots } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, must, userIdOf } from '../demo.js';
import { buildTestApp, type CallOptions, call, type TestApp } from '../helper.js';

type Who = 'owner' | 'admin' | 'super';
let t: TestApp;
const token = { owner: '', admin: '', staff: '', super: '', solo: '', east: '' };
const id = { owner: '', admin: '', super: '' };
const email: Record<Who, string> = {
  owner: 'owner@acme.test',
  admin: 'admin@acme.test',
  super: 'super@fleet.test',
};
let acme = '';
/** What the changes create and later act on. */
const made = { person: '', robot: '', role: '', subsidiary: '', device: '', building: '', sso: '' };
const SECRETS = ['sso-secret-create-1', 'sso-secret-edit-2', 'demo1234'];

beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
  Object.assign(token, await demoTokens(t, 'owner', 'admin', 'staff', 'super', 'solo', 'east'));
  for (const who of ['owner', 'admin', 'super'] as const) id[who] = await userIdOf(t, email[who]);
  const [depot] = await t.regional.db
    .select()
    .from(buildings)
    .where(eq(buildings.name, 'Acme Logistics Depot'));
  const [kiosk] = await t.regional.db.select().from(miniDevices).where(eq(miniDevices.label, 'Lobby Kiosk'));
  made.building = must(depot, 'depot').id;
  made.device = must(kiosk, 'kiosk').id;
  const [robot] = await t.regional.db
    .insert(robots)
    .values({
      companyId: acme,
      buildingId: made.building,
      name: 'Auditee',
      manufacturer: 'acme',
      serialNumber: 'A-1',
      model: 'R1',
    })
    .returning();
  made.robot = must(robot, 'robot').id;
});
afterAll(() => t.close());

const search = (requestData: object = {}, pageIndex = 1, pageLength = 50, as = token.owner) =>
  call(t.app, 'searchAudit', { token: as, body: { pageIndex, pageLength, requestData } });

interface Change {
  action: AuditAction;
  as: Who;
  targetType: string;
  /** Makes the change; answers the id of what it changed. */
  run: (as: string) => Promise<{ status: number; target: string }>;
}

/** A change made through a route; `target` names the `made` entry it creates or acts on, or the id. */
const step = (
  action: AuditAction,
  as: Who,
  targetType: string,
  route: RouteId,
  input: () => CallOptions,
  target: keyof typeof made | (() => string),
): Change => ({
  action,
  as,
  targetType,
  run: async (tok) => {
    const res = await call(t.app, route, { ...input(), token: tok });
    const data = res.body.data as { id?: string } | null;
    if (typeof target === 'string' && data?.id) made[target] = data.id;
    return { status: res.status, target: typeof target === 'string' ? made[target] : target() };
  },
});
const body = (b: () => object) => () => ({ body: b() });

/** Every administrative change, in the order it is made (the last one hands Acme to its administrator). */
const CHANGES: Change[] = [
  step(
    'person.add',
    'admin',
    'user',
    'createPerson',
    body(() => ({ firstName: 'Ada', lastName: 'Audit', email: 'ada@acme.test' })),
    'person',
  ),
  step(
    'person.edit',
    'admin',
    'user',
    'editPerson',
    body(() => ({ id: made.person, lastName: 'Audited' })),
    'person',
  ),
  step(
    'person.assignRobots',
    'owner',
    'user',
    'assignRobots',
    body(() => ({ userId: made.person, robotIds: [made.robot] })),
    'person',
  ),
  step(
    'person.setAdmin',
    'owner',
    'user',
    'setAdmin',
    body(() => ({ userId: made.person })),
    'person',
  ),
  step(
    'person.unsetAdmin',
    'owner',
    'user',
    'unsetAdmin',
    body(() => ({ userId: made.person })),
    'person',
  ),
  step(
    'person.remove',
    'admin',
    'user',
    'removePerson',
    body(() => ({ id: made.person })),
    'person',
  ),
  step(
    'role.create',
    'owner',
    'role',
    'createRole',
    body(() => ({ name: 'Watcher', permissions: ['audit.read'] })),
    'role',
  ),
  step(
    'role.edit',
    'owner',
    'role',
    'editRole',
    body(() => ({ id: made.role, permissions: [...PERMISSIONS] })),
    'role',
  ),
  step(
    'role.assign',
    'owner',
    'role',
    'assignRole',
    body(() => ({ roleId: made.role, userIds: [id.admin] })),
    'role',
  ),
  step('role.delete', 'owner', 'role', 'deleteRole', () => ({ params: { id: made.role } }), 'role'),
  step(
    'subsidiary.create',
    'admin',
    'company',
    'createSubsidiary',
    body(() => ({ name: 'Acme South' })),
    'subsidiary',
  ),
  step(
    'subsidiary.rename',
    'owner',
    'company',
    'renameSubsidiary',
    body(() => ({ id: made.subsidiary, name: 'Acme Deep South' })),
    'subsidiary',
  ),
  step(
    'miniDevice.bind',
    'admin',
    'miniDevice',
    'bindMiniBuilding',
    body(() => ({ deviceId: made.device, buildingId: made.building })),
    'device',
  ),
  step(
    'sso.create',
    'super',
    'ssoConfig',
    'createSsoConfig',
    body(() => ({
      issuer: 'https://id.acme.test',
      clientId: 'acme',
      clientSecret: SECRETS[0],
      emailDomains: ['acme.test'],
    })),
    'sso',
  ),
  step(
    'sso.edit',
    'super',
    'ssoConfig',
    'editSsoConfig',
    body(() => ({
      id: made.sso,
      issuer: 'https://id2.acme.test',
      clientId: 'acme',
      clientSecret: SECRETS[1],
      emailDomains: ['acme.test'],
    })),
    'sso',
  ),
  step('sso.delete', 'super', 'ssoConfig', 'deleteSsoConfig', () => ({ params: { id: made.sso } }), 'sso'),
  step(
    'company.transferOwner',
    'owner',
    'user',
    'transferOwner',
    body(() => ({ userId: id.admin })),
    () => id.admin,
  ),
];

const entries: AuditEntry[] = [];

describe('every administrative change writes one audit row', () => {
  it.each(CHANGES.map((c) => [c.action, c] as const))('%s', async (action, change) => {
    const before = must((await search()).body.data).totalCnt;
    const from = Date.now();
    const res = await change.run(token[change.as]);
    const to = Date.now();
    expect(res.status, action).toBe(200);
    const after = (await search()).body.data;
    expect(after.totalCnt, 'exactly one new row').toBe(before + 1);
    const entry = must(after.list[0], 'newest row');
    entries.push(entry);
    expect(entry).toMatchObject({
      action,
      actor: { id: id[change.as], email: email[change.as] },
      targetType: change.targetType,
      targetId: res.target,
      ip: '127.0.0.1',
    });
    const at = Date.parse(entry.at);
    expect(at).toBeGreaterThanOrEqual(from - 5000);
    expect(at).toBeLessThanOrEqual(to + 5000);
    const [row] = await t.directory.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(row?.companyId, 'the company acted in').toBe(acme);
    const text = JSON.stringify(entry);
    for (const secret of [...SECRETS, ...Object.values(token)]) expect(text).not.toContain(secret);
    for (const key of Object.keys(entry.detail)) expect(key).not.toMatch(/^(clientSecret|password|token)/i);
  });
});

describe('reading the audit log', () => {
  it('answers newest first', async () => {
    const { list } = (await search()).body.data;
    expect(list.map((e) => e.action)).toEqual(CHANGES.map((c) => c.action).reverse());
    expect(list.map((e) => e.id)).toEqual(entries.map((e) => e.id).reverse());
    const times = list.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by person', async () => {
    const mine = (await search({ actorId: id.admin })).body.data;
    expect(mine.totalCnt).toBe(CHANGES.filter((c) => c.as === 'admin').length);
    expect(mine.list.every((e) => e.actor?.id === id.admin)).toBe(true);
    const supers = (await search({ actorId: id.super })).body.data;
    expect(supers.list.map((e) => e.action)).toEqual(['sso.delete', 'sso.edit', 'sso.create']);
  });

  it('filters by action, and by person and action together', async () => {
    const assigned = (await search({ action: 'role.assign' })).body.data;
    expect(assigned.totalCnt).toBe(1);
    expect(assigned.list[0]).toMatchObject({ action: 'role.assign', targetId: made.role });
    expect((await search({ actorId: id.admin, action: 'person.add' })).body.data.totalCnt).toBe(1);
    expect((await search({ actorId: id.admin, action: 'role.create' })).body.data).toEqual({
      list: [],
      totalCnt: 0,
    });
  });

  it('pages: totalCnt counts every row, pages do not overlap and add up to the whole', async () => {
    const all = (await search()).body.data.list.map((e) => e.id);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(CHANGES.length / 4); page++) {
      const res = (await search({}, page, 4)).body.data;
      expect(res.totalCnt).toBe(CHANGES.length);
      expect(res.list.length).toBeLessThanOrEqual(4);
      seen.push(...res.list.map((e) => e.id));
    }
    expect(seen).toEqual(all);
    expect((await search({}, 99, 4)).body.data).toEqual({ list: [], totalCnt: CHANGES.length });
  });

  it('staff may not read it (403)', async () => {
    const res = await search({}, 1, 10, token.staff);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('another company never sees Acme’s rows, not even its subsidiary', async () => {
    for (const other of [token.solo, token.east]) {
      const res = (await search({}, 1, 200, other)).body.data;
      const ids = new Set(entries.map((e) => e.id));
      expect(res.list.filter((e) => ids.has(e.id))).toEqual([]);
      expect((await search({ actorId: id.admin }, 1, 200, other)).body.data.totalCnt).toBe(0);
    }
  });
});
