import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, loginInto, must, userIdOf } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

let t: TestApp;
const token = { owner: '', admin: '', staff: '', solo: '', west: '' };
const co = { acme: '', east: '', solo: '' };
let ownerId = '';
beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(token, await demoTokens(t, 'owner', 'admin', 'staff', 'solo'));
  token.west = await loginInto(t, 'owner@acme.test', 'Acme West');
  co.acme = await companyIdOf(t, 'Acme Robotics');
  co.east = await companyIdOf(t, 'Acme East');
  co.solo = await companyIdOf(t, 'Solo Café');
  ownerId = await userIdOf(t, 'owner@acme.test');
});
afterAll(() => t.close());

const create = (name: unknown, as = token.owner) =>
  call(t.app, 'createSubsidiary', { token: as, body: name === undefined ? {} : { name } });
const rename = (id: string, name: unknown, as = token.owner) =>
  call(t.app, 'renameSubsidiary', { token: as, body: { id, name } });
const subsidiaries = async (name?: string, as = token.owner) =>
  (
    await call(t.app, 'searchSubsidiaries', {
      token: as,
      body: { pageIndex: 1, pageLength: 50, requestData: name ? { name } : {} },
    })
  ).body.data;
const membersOf = (companyId: string) =>
  t.directory.db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.companyId, companyId));
const regionOf = async (companyId: string) =>
  must((await t.directory.db.select().from(companies).where(eq(companies.id, companyId)))[0]).region;
/** A fresh session of someone, switched into a company: the answer of the switch itself. */
const switchInto = async (email: string, companyId: string) =>
  call(t.app, 'login', { body: { token: await login(t.app, email), companyId } });

describe('creating a subsidiary', () => {
  it.each(['owner', 'admin'] as const)(
    'the %s creates one: a subsidiary of the token’s company, in its region, owned by its owner',
    async (who) => {
      const res = await create(`Acme ${who === 'owner' ? 'North' : 'Admin Made'}`, token[who]);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: `Acme ${who === 'owner' ? 'North' : 'Admin Made'}`,
        parentId: co.acme,
        isSubsidiary: true,
        region: await regionOf(co.acme),
        peopleCount: 1,
      });
      expect(await membersOf(res.body.data.id)).toEqual([{ userId: ownerId, role: 'owner' }]);
    },
  );

  it('appears in search-subsidiaries and in the owner’s list-ones-companies', async () => {
    const found = await subsidiaries();
    expect(found.totalCnt).toBe(4);
    expect(found.list.map((s) => s.name)).toEqual([
      'Acme Admin Made',
      'Acme East',
      'Acme North',
      'Acme West',
    ]);
    const mine = await call(t.app, 'listOnesCompanies', {
      token: token.owner,
      query: { companyName: 'north' },
    });
    expect(mine.body.data).toEqual([
      expect.objectContaining({ name: 'Acme North', isSubsidiary: true, parentId: co.acme }),
    ]);
    // The administrator manages it through the parent, without a membership of their own.
    const admins = await call(t.app, 'listOnesCompanies', {
      token: token.admin,
      query: { companyName: 'north' },
    });
    expect(admins.body.data.map((c) => c.name)).toEqual(['Acme North']);
  });

  it('trims the name', async () => {
    const res = await create('   Acme Trimmed   ');
    expect(res.body.data.name).toBe('Acme Trimmed');
  });

  it('lives in the parent’s region, whatever that is', async () => {
    const original = await regionOf(co.acme);
    await t.directory.db.update(companies).set({ region: 'EU' }).where(eq(companies.id, co.acme));
    try {
      const res = await create('Acme Europe');
      expect(res.status).toBe(200);
      expect(res.body.data.region).toBe('EU');
      expect(await regionOf(res.body.data.id)).toBe('EU');
    } finally {
      await t.directory.db.update(companies).set({ region: original }).where(eq(companies.id, co.acme));
    }
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
    ['too long', 'x'.repeat(121)],
    ['not text', 42],
  ])('a %s name is 400 naming body.name, and nothing is created', async (_, name) => {
    const before = (await subsidiaries()).totalCnt;
    const res = await create(name);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.info).toMatch(/^body\.name: /);
    expect((await subsidiaries()).totalCnt).toBe(before);
  });

  it('staff may not create one (403), and nothing is created', async () => {
    const before = (await subsidiaries()).totalCnt;
    const res = await create('Acme By Staff', token.staff);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await subsidiaries()).totalCnt).toBe(before);
    expect(await subsidiaries('By Staff')).toEqual({ list: [], totalCnt: 0 });
  });
});

describe('renaming a subsidiary', () => {
  it.each(['owner', 'admin'] as const)('the %s renames one; the search shows the new name', async (who) => {
    const name = `Acme East by ${who}`;
    const res = await rename(co.east, `  ${name} `, token[who]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: co.east, name, parentId: co.acme, isSubsidiary: true });
    expect((await subsidiaries(`by ${who}`)).list.map((s) => s.id)).toEqual([co.east]);
  });

  it('staff may not rename (403), and the name stays', async () => {
    const res = await rename(co.east, 'Staff Was Here', token.staff);
    expect(res.status).toBe(403);
    expect((await subsidiaries('Staff Was Here')).totalCnt).toBe(0);
  });

  it.each([
    ['another company', () => co.solo, () => token.owner],
    ['the token’s own company', () => co.acme, () => token.owner],
    ['a sibling subsidiary', () => co.east, () => token.west],
    ['another company’s subsidiary', () => co.east, () => token.solo],
    ['a company that does not exist', () => '00000000-0000-4000-8000-000000000000', () => token.owner],
  ])('renaming %s is 404 and changes nothing', async (_, target, as) => {
    const [before] = await t.directory.db.select().from(companies).where(eq(companies.id, target()));
    const res = await rename(target(), 'Hijacked', as());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    const [after] = await t.directory.db.select().from(companies).where(eq(companies.id, target()));
    expect(after?.name).toBe(before?.name);
  });

  it.each([
    ['empty', ''],
    ['blank', ' \t '],
  ])('an %s name is 400 naming body.name', async (_, name) => {
    const res = await rename(co.east, name);
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.name: /);
  });
});

describe('switching into a new subsidiary', () => {
  let north = '';
  beforeAll(async () => {
    north = must((await subsidiaries('North')).list[0], 'Acme North').id;
  });

  it('the owner switches in and is its owner', async () => {
    const res = await switchInto('owner@acme.test', north);
    expect(res.status).toBe(200);
    expect(res.body.data.companyId).toBe(north);
    const me = (await call(t.app, 'me', { token: res.body.data.token })).body.data;
    expect(me).toMatchObject({ companyId: north, companyName: 'Acme North', role: 'owner', isOwner: true });
  });

  it('the parent’s administrator switches in as administrator', async () => {
    const res = await switchInto('admin@acme.test', north);
    expect(res.status).toBe(200);
    const me = (await call(t.app, 'me', { token: res.body.data.token })).body.data;
    expect(me).toMatchObject({ companyName: 'Acme North', role: 'admin' });
  });

  it('the parent’s staff and another company’s owner cannot (404)', async () => {
    expect((await switchInto('staff@acme.test', north)).status).toBe(404);
    expect((await switchInto('solo@solo.test', north)).status).toBe(404);
  });
});
