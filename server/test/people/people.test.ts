import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  buildings,
  memberships,
  robotAssignments,
  robots,
  users,
} from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, demoUserIds, must } from '../demo.js';
import { buildTestApp, call, outbox, type TestApp } from '../helper.js';

let t: TestApp;
const token = { owner: '', admin: '', staff: '' };
const id = { owner: '', admin: '', staff: '', super: '' };
let acme = '';
beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
  Object.assign(token, await demoTokens(t, 'owner', 'admin', 'staff'));
  Object.assign(id, await demoUserIds(t, 'owner', 'admin', 'staff', 'super'));
});
afterAll(() => t.close());

const search = (requestData: object, pageIndex = 1, pageLength = 10) =>
  call(t.app, 'searchPeople', { token: token.owner, body: { pageIndex, pageLength, requestData } });

// Read-only rules first: the rules further down add and remove people.
describe('finding people', () => {
  it('search pages: totalCnt counts every match, pageLength bounds each page', async () => {
    const first = await search({ sortBy: 'email' }, 1, 3);
    expect(first.status).toBe(200);
    expect(first.body.data.totalCnt).toBe(4);
    expect(first.body.data.list.map((p) => p.email)).toEqual([
      'admin@acme.test',
      'owner@acme.test',
      'staff@acme.test',
    ]);
    const second = await search({ sortBy: 'email' }, 2, 3);
    expect(second.body.data.totalCnt).toBe(4);
    expect(second.body.data.list.map((p) => p.email)).toEqual(['super@fleet.test']);
    const beyond = await search({}, 3, 3);
    expect(beyond.body.data).toEqual({ list: [], totalCnt: 4 });
  });

  it('search filters by role', async () => {
    const admins = await search({ role: 'admin', sortBy: 'email' });
    expect(admins.body.data.totalCnt).toBe(2);
    expect(admins.body.data.list.map((p) => p.email)).toEqual(['admin@acme.test', 'super@fleet.test']);
    expect(admins.body.data.list.every((p) => p.role === 'admin')).toBe(true);
    const owners = await search({ role: 'owner' });
    expect(owners.body.data.list.map((p) => p.email)).toEqual(['owner@acme.test']);
  });

  it('search filters by keyword, case-insensitive, over names and e-mail', async () => {
    expect((await search({ keyword: 'ADAM' })).body.data.list.map((p) => p.email)).toEqual([
      'admin@acme.test',
    ]);
    expect((await search({ keyword: 'sam stone' })).body.data.list.map((p) => p.email)).toEqual([
      'staff@acme.test',
    ]);
    const acmeMails = await search({ keyword: 'ACME.TEST' });
    expect(acmeMails.body.data.totalCnt).toBe(3);
    expect((await search({ keyword: 'staff', role: 'admin' })).body.data.totalCnt).toBe(0);
  });

  it('search sorts by e-mail ascending and descending', async () => {
    const asc = (await search({ sortBy: 'email', sortOrder: 'asc' })).body.data.list.map((p) => p.email);
    const desc = (await search({ sortBy: 'email', sortOrder: 'desc' })).body.data.list.map((p) => p.email);
    expect(asc).toEqual(['admin@acme.test', 'owner@acme.test', 'staff@acme.test', 'super@fleet.test']);
    expect(desc).toEqual([...asc].reverse());
  });

  it('list filters by keyword', async () => {
    const all = await call(t.app, 'listPeople', { token: token.staff });
    expect(all.body.data).toHaveLength(4);
    const stone = await call(t.app, 'listPeople', { token: token.staff, query: { keyword: 'StOnE' } });
    expect(stone.body.data.map((p) => p.email)).toEqual(['staff@acme.test']);
    const none = await call(t.app, 'listPeople', { token: token.staff, query: { keyword: 'nobody-here' } });
    expect(none.body.data).toEqual([]);
  });
});

describe('adding people', () => {
  it('adds an existing account to the company instead of creating a second one', async () => {
    const res = await call(t.app, 'createPerson', {
      token: token.owner,
      body: { firstName: 'Other', lastName: 'Name', email: 'Solo@Solo.test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'solo@solo.test', firstName: 'Sofia', role: 'staff' });
    const rows = await t.directory.db.select().from(users).where(eq(users.email, 'solo@solo.test'));
    expect(rows).toHaveLength(1);
    expect(res.body.data.id).toBe(rows[0]?.id);
    const joined = await t.directory.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, res.body.data.id));
    expect(joined).toHaveLength(2);
    expect((await outbox(t.dataDir)).some((m) => m.to === 'solo@solo.test')).toBe(false);
  });

  it('adding someone already in the company is 409 naming body.email', async () => {
    const res = await call(t.app, 'createPerson', {
      token: token.owner,
      body: { firstName: 'Sam', lastName: 'Stone', email: 'staff@acme.test' },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.info).toMatch(/^body\.email: /);
  });

  it('a new account is invited by mail with a 6-digit code', async () => {
    const res = await call(t.app, 'createPerson', {
      token: token.admin,
      body: { firstName: 'Nina', lastName: 'New', email: 'nina@acme.test' },
    });
    expect(res.status).toBe(200);
    const mails = (await outbox(t.dataDir)).filter((m) => m.to === 'nina@acme.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/\b\d{6}\b/);
    const [row] = await t.directory.db.select().from(users).where(eq(users.email, 'nina@acme.test'));
    expect(row?.passwordHash).toBeNull();
  });
});

describe('who may change whom', () => {
  it('staff may not edit someone else', async () => {
    const res = await call(t.app, 'editPerson', {
      token: token.staff,
      body: { id: id.admin, firstName: 'X' },
    });
    expect(res.status).toBe(403);
    const [admin] = await t.directory.db.select().from(users).where(eq(users.id, id.admin));
    expect(admin?.firstName).toBe('Adam');
  });

  it('an administrator cannot edit or remove the owner or another administrator', async () => {
    for (const target of [id.owner, id.super]) {
      const edit = await call(t.app, 'editPerson', {
        token: token.admin,
        body: { id: target, lastName: 'X' },
      });
      expect(edit.status, 'edit').toBe(403);
      const remove = await call(t.app, 'removePerson', { token: token.admin, body: { id: target } });
      expect(remove.status, 'remove').toBe(403);
    }
    const still = await t.directory.db.select().from(memberships).where(eq(memberships.companyId, acme));
    expect(still.map((m) => m.userId)).toEqual(expect.arrayContaining([id.owner, id.super]));
  });

  it('an administrator edits and removes a staff member', async () => {
    const edit = await call(t.app, 'editPerson', {
      token: token.admin,
      body: { id: id.staff, firstName: 'Samuel', enableAudio: true },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ firstName: 'Samuel', enableAudio: true });
    const temp = await call(t.app, 'createPerson', {
      token: token.owner,
      body: { firstName: 'Tim', lastName: 'Temp', email: 'tim@acme.test' },
    });
    const remove = await call(t.app, 'removePerson', { token: token.admin, body: { id: temp.body.data.id } });
    expect(remove.status).toBe(200);
    const left = await t.directory.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, acme), eq(memberships.userId, temp.body.data.id)));
    expect(left).toEqual([]);
  });

  it('the owner cannot be removed, not even by the owner (409)', async () => {
    const res = await call(t.app, 'removePerson', { token: token.owner, body: { id: id.owner } });
    expect(res.status).toBe(409);
    expect(res.body.info).toMatch(/^body\.id: /);
    const [m] = await t.directory.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, acme), eq(memberships.userId, id.owner)));
    expect(m?.role).toBe('owner');
  });
});

describe('robots of a person', () => {
  const robot = { tower: '', depot: '', solo: '' };
  const building = { tower: '', depot: '' };
  beforeAll(async () => {
    const all = await t.regional.db.select().from(buildings);
    const byName = (n: string) =>
      must(
        all.find((b) => b.name === n),
        n,
      );
    building.tower = byName('Acme Tower').id;
    building.depot = byName('Acme Logistics Depot').id;
    const rows = await t.regional.db
      .insert(robots)
      .values([
        {
          companyId: acme,
          buildingId: building.tower,
          name: 'R-Tower',
          manufacturer: 'm',
          serialNumber: '1',
          model: 'x',
        },
        {
          companyId: acme,
          buildingId: building.depot,
          name: 'R-Depot',
          manufacturer: 'm',
          serialNumber: '2',
          model: 'x',
        },
        {
          companyId: await companyIdOf(t, 'Solo Café'),
          buildingId: byName('Solo Café Main Street').id,
          name: 'R-Solo',
          manufacturer: 'm',
          serialNumber: '3',
          model: 'x',
        },
      ])
      .returning();
    [robot.tower, robot.depot, robot.solo] = rows.map((r) => r.id) as [string, string, string];
  });

  const assigned = async (userId: string) =>
    (await t.regional.db.select().from(robotAssignments).where(eq(robotAssignments.userId, userId)))
      .map((a) => a.robotId)
      .sort();
  const assign = (robotIds: string[]) =>
    call(t.app, 'assignRobots', { token: token.owner, body: { userId: id.staff, robotIds } });

  it('assigning replaces the whole set', async () => {
    expect((await assign([robot.depot])).status).toBe(200);
    const res = await assign([robot.tower]);
    expect(res.status).toBe(200);
    expect(res.body.data.robotIds).toEqual([robot.tower]);
    expect(await assigned(id.staff)).toEqual([robot.tower]);
    const listed = await call(t.app, 'listPeople', { token: token.owner, query: { keyword: 'staff@' } });
    expect(listed.body.data[0]?.robotIds).toEqual([robot.tower]);
  });

  it('a robot of another company is 404 and nothing of the set changes', async () => {
    const audits = async () =>
      (await t.directory.db.select().from(auditLog).where(eq(auditLog.action, 'person.assignRobots'))).length;
    const before = await audits();
    const res = await assign([robot.depot, robot.solo]);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(await assigned(id.staff)).toEqual([robot.tower]);
    expect(await audits()).toBe(before);
  });

  it('staff see the buildings of their robots only; the owner sees every building', async () => {
    const own = await call(t.app, 'userBuildings', { token: token.staff });
    expect(own.body.data).toEqual([{ id: building.tower, name: 'Acme Tower' }]);
    const asked = await call(t.app, 'userBuildings', { token: token.owner, query: { userId: id.staff } });
    expect(asked.body.data).toEqual([{ id: building.tower, name: 'Acme Tower' }]);
    const owner = await call(t.app, 'userBuildings', { token: token.owner });
    expect(owner.body.data.map((b) => b.name)).toEqual(['Acme Logistics Depot', 'Acme Tower']);
  });

  it('a person’s devices are the robots assigned to them', async () => {
    const own = await call(t.app, 'userDevices', { token: token.staff });
    expect(own.body.data).toEqual([
      { id: robot.tower, name: 'R-Tower', serialNumber: '1', buildingId: building.tower },
    ]);
    const owner = await call(t.app, 'userDevices', { token: token.owner });
    expect(owner.body.data).toEqual([]);
  });
});
