import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, demoUserIds } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';

let t: TestApp;
const token = { owner: '', admin: '', staff: '', super: '' };
const id = { owner: '', admin: '', staff: '', solo: '' };
let acme = '';
beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
  Object.assign(token, await demoTokens(t, 'owner', 'admin', 'staff', 'super'));
  Object.assign(id, await demoUserIds(t, 'owner', 'admin', 'staff', 'solo'));
});
afterAll(() => t.close());

const roleIn = async (userId: string) => {
  const [m] = await t.directory.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyId, acme), eq(memberships.userId, userId)));
  return m?.role;
};
const ownersOfAcme = async () =>
  t.directory.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.companyId, acme), eq(memberships.role, 'owner')));
const auditOf = (action: string) =>
  t.directory.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, acme), eq(auditLog.action, action)));
const me = async (tok: string) => (await call(t.app, 'me', { token: tok })).body.data;

describe('only the owner changes roles', () => {
  it.each([
    ['admin', 'setAdmin'],
    ['admin', 'unsetAdmin'],
    ['admin', 'transferOwner'],
    ['staff', 'setAdmin'],
    ['staff', 'unsetAdmin'],
    ['staff', 'transferOwner'],
    ['super', 'transferOwner'],
  ] as const)('%s calling %s is 403 and changes nothing', async (who, route) => {
    const target = route === 'unsetAdmin' ? id.admin : id.staff;
    const res = await call(t.app, route, { token: token[who], body: { userId: target } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await roleIn(id.admin)).toBe('admin');
    expect(await roleIn(id.staff)).toBe('staff');
    expect((await ownersOfAcme()).map((o) => o.userId)).toEqual([id.owner]);
  });

  it('unset-admin on the owner is 409 and the owner stays owner', async () => {
    const res = await call(t.app, 'unsetAdmin', { token: token.owner, body: { userId: id.owner } });
    expect(res.status).toBe(409);
    expect(res.body.info).toMatch(/^body\.userId: /);
    expect(await roleIn(id.owner)).toBe('owner');
  });

  it('set-admin on the owner is 409 too', async () => {
    const res = await call(t.app, 'setAdmin', { token: token.owner, body: { userId: id.owner } });
    expect(res.status).toBe(409);
    expect(await roleIn(id.owner)).toBe('owner');
  });

  it('transfer to someone outside the company is 404', async () => {
    const res = await call(t.app, 'transferOwner', { token: token.owner, body: { userId: id.solo } });
    expect(res.status).toBe(404);
    expect((await ownersOfAcme()).map((o) => o.userId)).toEqual([id.owner]);
    expect(await auditOf('company.transferOwner')).toEqual([]);
  });
});

describe('set-admin and unset-admin', () => {
  it('take effect on the person’s next request, without signing in again', async () => {
    expect(await me(token.staff)).toMatchObject({ role: 'staff', isAdmin: false });
    const set = await call(t.app, 'setAdmin', { token: token.owner, body: { userId: id.staff } });
    expect(set.status).toBe(200);
    expect(await roleIn(id.staff)).toBe('admin');
    expect(await me(token.staff)).toMatchObject({ role: 'admin', isAdmin: true });

    const unset = await call(t.app, 'unsetAdmin', { token: token.owner, body: { userId: id.staff } });
    expect(unset.status).toBe(200);
    expect(await roleIn(id.staff)).toBe('staff');
    expect(await me(token.staff)).toMatchObject({ role: 'staff', isAdmin: false });
  });

  it('each leaves an audit row with actor, target and address', async () => {
    for (const action of ['person.setAdmin', 'person.unsetAdmin']) {
      const rows = await auditOf(action);
      expect(rows, action).toHaveLength(1);
      expect(rows[0], action).toMatchObject({
        actorId: id.owner,
        targetType: 'user',
        targetId: id.staff,
        ip: '127.0.0.1',
      });
    }
  });
});

describe('transfer-owner', () => {
  it('leaves exactly one owner, and the old owner is administrator', async () => {
    const res = await call(t.app, 'transferOwner', { token: token.owner, body: { userId: id.admin } });
    expect(res.status).toBe(200);
    const owners = await ownersOfAcme();
    expect(owners.map((o) => o.userId)).toEqual([id.admin]);
    expect(await roleIn(id.owner)).toBe('admin');
    expect(await roleIn(id.admin)).toBe('owner');
  });

  it('writes an audit row with actor, target and address', async () => {
    const rows = await auditOf('company.transferOwner');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: id.owner, targetId: id.admin, ip: '127.0.0.1' });
  });

  it('takes effect on the next request of both people', async () => {
    expect(await me(token.admin)).toMatchObject({ role: 'owner', isOwner: true });
    expect(await me(token.owner)).toMatchObject({ role: 'admin', isOwner: false, isAdmin: true });
  });

  it('the former owner may no longer transfer or appoint; the new owner may', async () => {
    const back = await call(t.app, 'transferOwner', { token: token.owner, body: { userId: id.owner } });
    expect(back.status).toBe(403);
    const appoint = await call(t.app, 'setAdmin', { token: token.owner, body: { userId: id.staff } });
    expect(appoint.status).toBe(403);
    const handBack = await call(t.app, 'transferOwner', { token: token.admin, body: { userId: id.owner } });
    expect(handBack.status).toBe(200);
    expect((await ownersOfAcme()).map((o) => o.userId)).toEqual([id.owner]);
    expect(await roleIn(id.admin)).toBe('admin');
    expect(await auditOf('company.transferOwner')).toHaveLength(2);
  });
});
