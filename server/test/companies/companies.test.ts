import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, loginInto } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

let t: TestApp;
const co = { acme: '', east: '', west: '', solo: '', hq: '' };
beforeAll(async () => {
  t = await buildTestApp();
  co.acme = await companyIdOf(t, 'Acme Robotics');
  co.east = await companyIdOf(t, 'Acme East');
  co.west = await companyIdOf(t, 'Acme West');
  co.solo = await companyIdOf(t, 'Solo Café');
  co.hq = await companyIdOf(t, 'Fleet HQ');
});
afterAll(() => t.close());

const names = (list: { name: string }[]) => list.map((c) => c.name).sort();

describe('list-ones-companies', () => {
  it('answers the caller’s companies, each with isSubsidiary, parent and region', async () => {
    const token = await loginInto(t, 'owner@acme.test', 'Acme Robotics');
    const res = await call(t.app, 'listOnesCompanies', { token });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.data.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['Acme East', 'Acme Robotics', 'Acme West']);
    expect(byName['Acme Robotics']).toEqual({
      id: co.acme,
      name: 'Acme Robotics',
      isSubsidiary: false,
      parentId: null,
      region: 'US',
    });
    expect(byName['Acme East']).toMatchObject({
      id: co.east,
      isSubsidiary: true,
      parentId: co.acme,
      region: 'US',
    });
    expect(byName['Acme West']).toMatchObject({ id: co.west, isSubsidiary: true, parentId: co.acme });
  });

  it('filters by company name, case-insensitive', async () => {
    const token = await loginInto(t, 'owner@acme.test', 'Acme Robotics');
    const acme = await call(t.app, 'listOnesCompanies', { token, query: { companyName: 'acme' } });
    expect(acme.body.data).toHaveLength(3);
    const east = await call(t.app, 'listOnesCompanies', { token, query: { companyName: ' aCmE eAsT ' } });
    expect(names(east.body.data)).toEqual(['Acme East']);
    const none = await call(t.app, 'listOnesCompanies', { token, query: { companyName: 'solo' } });
    expect(none.body.data).toEqual([]);
  });

  it('a staff member sees the companies they belong to, not the subsidiaries of their company', async () => {
    const token = await login(t.app, 'staff@acme.test');
    const res = await call(t.app, 'listOnesCompanies', { token });
    expect(names(res.body.data)).toEqual(['Acme Robotics', 'Solo Café']);
  });
});

describe('company/list', () => {
  it('a super admin sees all five companies', async () => {
    const token = await login(t.app, 'super@fleet.test');
    const res = await call(t.app, 'listCompanies', { token });
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual([
      'Acme East',
      'Acme Robotics',
      'Acme West',
      'Fleet HQ',
      'Solo Café',
    ]);
  });

  it('anyone else sees only their own', async () => {
    const solo = await call(t.app, 'listCompanies', { token: await login(t.app, 'solo@solo.test') });
    expect(names(solo.body.data)).toEqual(['Solo Café']);
    const owner = await call(t.app, 'listCompanies', {
      token: await loginInto(t, 'owner@acme.test', 'Acme Robotics'),
    });
    expect(names(owner.body.data)).toEqual(['Acme East', 'Acme Robotics', 'Acme West']);
  });
});

describe('search-subsidiaries', () => {
  const search = (token: string, pageIndex: number, pageLength: number, name?: string) =>
    call(t.app, 'searchSubsidiaries', {
      token,
      body: { pageIndex, pageLength, ...(name !== undefined ? { requestData: { name } } : {}) },
    });

  it('pages the subsidiaries of the token’s company with totalCnt', async () => {
    const token = await loginInto(t, 'owner@acme.test', 'Acme Robotics');
    const first = await search(token, 1, 1);
    expect(first.status).toBe(200);
    expect(first.body.data.totalCnt).toBe(2);
    expect(first.body.data.list).toHaveLength(1);
    const second = await search(token, 2, 1);
    expect(second.body.data.totalCnt).toBe(2);
    expect(second.body.data.list).toHaveLength(1);
    expect(names([...first.body.data.list, ...second.body.data.list])).toEqual(['Acme East', 'Acme West']);
    expect(first.body.data.list[0]).toMatchObject({ isSubsidiary: true, parentId: co.acme, region: 'US' });
  });

  it('counts the people of each subsidiary', async () => {
    const token = await loginInto(t, 'owner@acme.test', 'Acme Robotics');
    const res = await search(token, 1, 10);
    // Acme's owner and the super admin are members of each.
    expect(res.body.data.list.map((s) => s.peopleCount)).toEqual([2, 2]);
  });

  it('filters by name', async () => {
    const token = await loginInto(t, 'owner@acme.test', 'Acme Robotics');
    const west = await search(token, 1, 10, 'WEST');
    expect(west.body.data.totalCnt).toBe(1);
    expect(names(west.body.data.list)).toEqual(['Acme West']);
    expect((await search(token, 1, 10, 'north')).body.data).toEqual({ list: [], totalCnt: 0 });
  });

  it('a company without subsidiaries answers none', async () => {
    const res = await search(await login(t.app, 'solo@solo.test'), 1, 1);
    expect(res.body.data).toEqual({ list: [], totalCnt: 0 });
  });
});

describe('switching company', () => {
  it('a token plus companyId answers a token for that company; the old token stops working', async () => {
    const old = await loginInto(t, 'staff@acme.test', 'Acme Robotics');
    expect((await call(t.app, 'me', { token: old })).body.data.companyName).toBe('Acme Robotics');
    const res = await call(t.app, 'login', { body: { token: old, companyId: co.solo } });
    expect(res.status).toBe(200);
    expect(res.body.data.companyId).toBe(co.solo);
    expect(res.body.data.region).toMatchObject({ region: 'US' });
    expect(res.body.data.operationHost).toBeUndefined();
    const me = await call(t.app, 'me', { token: res.body.data.token });
    expect(me.body.data).toMatchObject({ companyId: co.solo, companyName: 'Solo Café', role: 'staff' });
    expect((await call(t.app, 'me', { token: old })).status).toBe(401);
  });

  it('a company the person cannot enter is 404 and the token keeps working', async () => {
    const token = await login(t.app, 'solo@solo.test');
    const res = await call(t.app, 'login', { body: { token, companyId: co.acme } });
    expect(res.status).toBe(404);
    expect((await call(t.app, 'me', { token })).body.data.companyName).toBe('Solo Café');
    const staff = await login(t.app, 'staff@acme.test');
    expect((await call(t.app, 'login', { body: { token: staff, companyId: co.east } })).status).toBe(404);
  });

  it('the owner of Acme switches into its subsidiary Acme East', async () => {
    const token = await loginInto(t, 'owner@acme.test', 'Acme East');
    const me = await call(t.app, 'me', { token });
    expect(me.body.data).toMatchObject({ companyId: co.east, companyName: 'Acme East', isOwner: true });
  });

  it('an administrator of Acme enters its subsidiaries as administrator without a membership there', async () => {
    const token = await loginInto(t, 'admin@acme.test', 'Acme West');
    const me = await call(t.app, 'me', { token });
    expect(me.body.data).toMatchObject({ companyId: co.west, companyName: 'Acme West', role: 'admin' });
  });

  it('a revoked token cannot switch', async () => {
    const token = await login(t.app, 'solo@solo.test');
    await call(t.app, 'logout', { token });
    expect((await call(t.app, 'login', { body: { token, companyId: co.solo } })).status).toBe(401);
  });
});

describe('which company owns a mini device', () => {
  const expected = [
    { kind: 'miniDevice', deviceName: 'MINI-ACME-0001', companyName: 'Acme Robotics', region: 'US' },
  ];

  it('search-by-device finds Acme by “acme-0001” for a super admin', async () => {
    const token = await login(t.app, 'super@fleet.test');
    const res = await call(t.app, 'searchByDevice', { token, query: { deviceName: 'acme-0001' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(expected);
    expect(res.body.data[0]?.companyId).toBe(co.acme);
    const none = await call(t.app, 'searchByDevice', { token, query: { deviceName: 'toaster' } });
    expect(none.body.data).toEqual([]);
  });

  it('a robot’s serial number finds its company too', async () => {
    const token = await login(t.app, 'super@fleet.test');
    const res = await call(t.app, 'searchByDevice', { token, query: { deviceName: '  demo-0001 ' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ kind: 'robot', deviceName: 'DEMO-0001' })]);
  });

  it('the /tars gateway path answers the same', async () => {
    const token = await login(t.app, 'super@fleet.test');
    const res = await call(t.app, 'companyByDeviceName', { token, query: { deviceName: 'ACME-0001' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(expected);
  });

  it.each(['owner@acme.test', 'admin@acme.test', 'solo@solo.test'])('both are 403 for %s', async (email) => {
    const token = await login(t.app, email);
    for (const route of ['searchByDevice', 'companyByDeviceName'] as const) {
      const res = await call(t.app, route, { token, query: { deviceName: 'acme-0001' } });
      expect(res.status, route).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('MINI-ACME');
    }
  });
});
