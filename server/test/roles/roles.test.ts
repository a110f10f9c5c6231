import { OWNER_ACTIONS, PERMISSIONS } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAssignments } from '../../src/db/schema/index.js';
import { demoTokens, demoUserIds, must, userIdOf } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';

let t: TestApp;
const token = { owner: '', admin: '', staff: '', super: '', solo: '' };
const id = { owner: '', admin: '', staff: '' };
beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(token, await demoTokens(t, 'owner', 'admin', 'staff', 'super', 'solo'));
  Object.assign(id, await demoUserIds(t, 'owner', 'admin', 'staff'));
});
afterAll(() => t.close());

const createRole = (name: string, permissions: string[], as = token.owner) =>
  call(t.app, 'createRole', { token: as, body: { name, permissions } });
const assign = (roleId: string, userIds: string[], as = token.owner) =>
  call(t.app, 'assignRole', { token: as, body: { roleId, userIds } });
const audit = (as: string) =>
  call(t.app, 'searchAudit', { token: as, body: { pageIndex: 1, pageLength: 5 } });
const granted = async (as: string) => (await call(t.app, 'myPermissions', { token: as })).body.data.granted;
const roleOf = async (roleId: string) =>
  must((await call(t.app, 'listRoles', { token: token.owner })).body.data.find((r) => r.id === roleId));

describe('a custom role grants and revokes on the very next request', () => {
  let auditor = '';
  beforeAll(async () => {
    const made = await createRole('Auditor', ['audit.read']);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ name: 'Auditor', permissions: ['audit.read'], holders: [] });
    auditor = made.body.data.id;
  });

  it('before it is assigned, staff may not read the audit log', async () => {
    expect((await audit(token.staff)).status).toBe(403);
    expect(await granted(token.staff)).toEqual([]);
  });

  it('assigned: my-permissions lists it at once, without signing in again', async () => {
    expect((await assign(auditor, [id.staff])).status).toBe(200);
    const mine = (await call(t.app, 'myPermissions', { token: token.staff })).body.data;
    expect(mine).toMatchObject({ role: 'staff', isSuperAdmin: false, granted: ['audit.read'] });
    expect(mine.actions).toContain('audit.read');
  });

  it('assigned: staff read the audit log on their next request', async () => {
    expect((await audit(token.staff)).status).toBe(200);
  });

  it('editing the role to drop the permission revokes it at once', async () => {
    expect((await audit(token.staff)).status).toBe(200);
    const edit = await call(t.app, 'editRole', {
      token: token.owner,
      body: { id: auditor, permissions: ['people.read'] },
    });
    expect(edit.status).toBe(200);
    expect((await audit(token.staff)).status).toBe(403);
  });

  it('after the edit my-permissions no longer lists it', async () => {
    await call(t.app, 'editRole', {
      token: token.owner,
      body: { id: auditor, permissions: ['people.read'] },
    });
    expect(await granted(token.staff)).toEqual(['people.read']);
    await call(t.app, 'editRole', { token: token.owner, body: { id: auditor, permissions: ['audit.read'] } });
    expect(await granted(token.staff)).toEqual(['audit.read']);
  });

  it('deleting the role revokes it at once', async () => {
    expect((await audit(token.staff)).status).toBe(200);
    const del = await call(t.app, 'deleteRole', { token: token.owner, params: { id: auditor } });
    expect(del.status).toBe(200);
    expect((await audit(token.staff)).status).toBe(403);
  });

  it('deleted: the role and its assignments are gone', async () => {
    await call(t.app, 'deleteRole', { token: token.owner, params: { id: auditor } });
    expect(await granted(token.staff)).toEqual([]);
    expect((await audit(token.staff)).status).toBe(403);
    const rows = await t.directory.db
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.roleId, auditor));
    expect(rows).toEqual([]);
    expect((await call(t.app, 'deleteRole', { token: token.owner, params: { id: auditor } })).status).toBe(
      404,
    );
  });
});

describe('holders', () => {
  it('assign-role sets the holders exactly, replacing the previous set; list-roles shows them', async () => {
    const role = (await createRole('Operators', ['robots.operate', 'robots.read'])).body.data;
    const first = await assign(role.id, [id.staff, id.admin, id.staff]);
    expect(first.status).toBe(200);
    expect(first.body.data.holders.map((h) => h.email).sort()).toEqual([
      'admin@acme.test',
      'staff@acme.test',
    ]);
    expect((await roleOf(role.id)).holders.map((h) => h.id).sort()).toEqual([id.admin, id.staff].sort());

    const replaced = await assign(role.id, [id.owner]);
    expect(replaced.body.data.holders).toEqual([
      { id: id.owner, firstName: 'Olivia', lastName: 'Owens', email: 'owner@acme.test' },
    ]);
    expect(await granted(token.staff)).toEqual([]);

    expect((await assign(role.id, [])).body.data.holders).toEqual([]);
    expect((await roleOf(role.id)).holders).toEqual([]);
  });

  it('a holder outside the company is 404 and the holders stay as they were', async () => {
    const role = (await createRole('Readers', ['analysis.read'])).body.data;
    await assign(role.id, [id.staff]);
    const solo = await userIdOf(t, 'solo@solo.test');
    const res = await assign(role.id, [id.staff, solo]);
    expect(res.status).toBe(404);
    expect((await roleOf(role.id)).holders.map((h) => h.id)).toEqual([id.staff]);
  });

  it('removing a person from the company also drops their role assignments', async () => {
    const role = (await createRole('Temps', ['lifts.operate'])).body.data;
    const temp = await call(t.app, 'createPerson', {
      token: token.owner,
      body: { firstName: 'Tia', lastName: 'Temp', email: 'tia@acme.test' },
    });
    const tempId = temp.body.data.id;
    await assign(role.id, [tempId, id.staff]);
    expect((await call(t.app, 'removePerson', { token: token.owner, body: { id: tempId } })).status).toBe(
      200,
    );
    expect((await roleOf(role.id)).holders.map((h) => h.id)).toEqual([id.staff]);
    const left = await t.directory.db
      .select()
      .from(roleAssignments)
      .where(eq(roleAssignments.userId, tempId));
    expect(left).toEqual([]);
    // Coming back, the person starts without the role.
    const back = await call(t.app, 'createPerson', {
      token: token.owner,
      body: { firstName: 'Tia', lastName: 'Temp', email: 'tia@acme.test' },
    });
    expect(back.body.data.customRoleIds).toEqual([]);
  });
});

describe('what a role may be', () => {
  it('a duplicate name is 409 naming body.name, on create and on rename', async () => {
    await createRole('Night shift', []);
    const dup = await createRole('Night shift', ['robots.read']);
    expect(dup.status).toBe(409);
    expect(dup.body.info).toMatch(/^body\.name: /);
    const other = (await createRole('Day shift', [])).body.data;
    const rename = await call(t.app, 'editRole', {
      token: token.owner,
      body: { id: other.id, name: 'Night shift' },
    });
    expect(rename.status).toBe(409);
    expect(rename.body.info).toMatch(/^body\.name: /);
    expect((await roleOf(other.id)).name).toBe('Day shift');
  });

  it('another company may use the same name', async () => {
    expect((await createRole('Night shift', [], token.solo)).status).toBe(200);
  });

  it.each<string>(['robots.fly', 'audit.manage', ...OWNER_ACTIONS, 'sso.manage'])(
    'the permission %s is not in the matrix: 400 naming body.permissions',
    async (p) => {
      const res = await createRole(`With ${p}`, ['people.read', p]);
      expect(res.status).toBe(400);
      expect(res.body.info).toMatch(/^body\.permissions/);
      const edit = await call(t.app, 'editRole', {
        token: token.owner,
        body: { id: (await createRole(`Plain ${p}`, [])).body.data.id, permissions: [p] },
      });
      expect(edit.status).toBe(400);
      expect(edit.body.info).toMatch(/^body\.permissions/);
    },
  );
});

describe('who manages roles', () => {
  it.each(['admin', 'staff', 'super'] as const)(
    '%s may list roles but not manage them (403)',
    async (who) => {
      const role = (await createRole(`Owned ${who}`, ['robots.read'])).body.data;
      expect((await call(t.app, 'listRoles', { token: token[who] })).status).toBe(200);
      expect((await createRole(`By ${who}`, [], token[who])).status).toBe(403);
      const edit = await call(t.app, 'editRole', {
        token: token[who],
        body: { id: role.id, name: 'Taken over' },
      });
      expect(edit.status).toBe(403);
      expect((await assign(role.id, [id.staff], token[who])).status).toBe(403);
      expect((await call(t.app, 'deleteRole', { token: token[who], params: { id: role.id } })).status).toBe(
        403,
      );
      expect(await roleOf(role.id)).toMatchObject({ name: `Owned ${who}`, holders: [] });
    },
  );

  it('a custom role never grants role management, appointing administrators or transferring ownership', async () => {
    const all = (await createRole('Everything', [...PERMISSIONS])).body.data;
    expect((await assign(all.id, [id.staff])).status).toBe(200);
    const mine = (await call(t.app, 'myPermissions', { token: token.staff })).body.data;
    expect([...mine.granted].sort()).toEqual([...PERMISSIONS].sort());
    for (const a of OWNER_ACTIONS) expect(mine.actions).not.toContain(a);
    expect((await createRole('Self-made', [], token.staff)).status).toBe(403);
    expect((await assign(all.id, [id.staff, id.admin], token.staff)).status).toBe(403);
    expect((await call(t.app, 'setAdmin', { token: token.staff, body: { userId: id.staff } })).status).toBe(
      403,
    );
    const transfer = await call(t.app, 'transferOwner', { token: token.staff, body: { userId: id.staff } });
    expect(transfer.status).toBe(403);
    // Nor does it reach the owner or the administrators through people.manage.
    const edit = await call(t.app, 'editPerson', {
      token: token.staff,
      body: { id: id.owner, lastName: 'X' },
    });
    expect(edit.status).toBe(403);
    expect((await call(t.app, 'me', { token: token.staff })).body.data.role).toBe('staff');
    await assign(all.id, []);
  });

  it('another company’s role id is 404 for edit, delete and assign, and the role is untouched', async () => {
    const role = (await createRole('Acme only', ['robots.read'])).body.data;
    const edit = await call(t.app, 'editRole', { token: token.solo, body: { id: role.id, name: 'Mine' } });
    expect(edit.status).toBe(404);
    expect((await call(t.app, 'deleteRole', { token: token.solo, params: { id: role.id } })).status).toBe(
      404,
    );
    expect((await assign(role.id, [], token.solo)).status).toBe(404);
    const solos = (await call(t.app, 'listRoles', { token: token.solo })).body.data;
    expect(solos.map((r) => r.id)).not.toContain(role.id);
    expect(await roleOf(role.id)).toMatchObject({ name: 'Acme only', permissions: ['robots.read'] });
  });
});
