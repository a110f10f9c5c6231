import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings, miniDevices } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, must } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';

let t: TestApp;
const token = { owner: '', admin: '', staff: '', solo: '' };
const building = { tower: '', depot: '', soloMain: '' };
let kiosk = '';
let acme = '';
beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
  Object.assign(token, await demoTokens(t, 'owner', 'admin', 'staff', 'solo'));
  const all = await t.regional.db.select().from(buildings);
  const byName = (n: string) =>
    must(
      all.find((b) => b.name === n),
      n,
    ).id;
  building.tower = byName('Acme Tower');
  building.depot = byName('Acme Logistics Depot');
  building.soloMain = byName('Solo Café Main Street');
  const [device] = await t.regional.db
    .select()
    .from(miniDevices)
    .where(eq(miniDevices.name, 'MINI-ACME-0001'));
  kiosk = must(device, 'Lobby Kiosk').id;
});
afterAll(() => t.close());

const stored = async (id: string) => {
  const [row] = await t.regional.db.select().from(miniDevices).where(eq(miniDevices.id, id));
  return must(row, 'device row');
};
const search = (tok: string, pageIndex: number, pageLength: number, requestData?: object) =>
  call(t.app, 'searchMiniDevices', {
    token: tok,
    body: { pageIndex, pageLength, ...(requestData ? { requestData } : {}) },
  });

describe('searching mini devices', () => {
  it('the existence probe (pageIndex 1, pageLength 1) counts Acme’s three devices', async () => {
    const res = await search(token.owner, 1, 1);
    expect(res.status).toBe(200);
    expect(res.body.data.totalCnt).toBe(3);
    expect(res.body.data.list).toHaveLength(1);
    expect(res.body.data.list[0]?.companyId).toBe(acme);
  });

  it('a company without devices answers totalCnt 0', async () => {
    const res = await search(token.solo, 1, 1);
    expect(res.body.data).toEqual({ list: [], totalCnt: 0 });
  });

  it('pages through every device once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await search(token.owner, page, 2);
      expect(res.body.data.totalCnt).toBe(3);
      seen.push(...res.body.data.list.map((d) => d.label));
    }
    expect(seen.sort()).toEqual(['Dock Door Sensor', 'Floor 12 Call Button', 'Lobby Kiosk']);
  });

  it('the name filter is trimmed, case-insensitive, and finds a label or a device name', async () => {
    const res = await search(token.owner, 1, 10, { name: '   lobby KIOSK  ' });
    expect(res.body.data.totalCnt).toBe(1);
    expect(res.body.data.list.map((d) => d.label)).toEqual(['Lobby Kiosk']);
    const byName = await search(token.owner, 1, 10, { name: 'acme-0002' });
    expect(byName.body.data.list.map((d) => d.label)).toEqual(['Floor 12 Call Button']);
  });

  it('filters by building', async () => {
    const res = await search(token.owner, 1, 10, { buildingId: building.tower });
    expect(res.body.data.list.map((d) => d.label).sort()).toEqual(['Floor 12 Call Button', 'Lobby Kiosk']);
    expect(res.body.data.list.every((d) => d.buildingName === 'Acme Tower')).toBe(true);
  });

  it('list-company-all answers every device of the company only', async () => {
    const acmeAll = await call(t.app, 'listCompanyMiniDevices', { token: token.staff });
    expect(acmeAll.body.data).toHaveLength(3);
    const soloAll = await call(t.app, 'listCompanyMiniDevices', { token: token.solo });
    expect(soloAll.body.data).toEqual([]);
  });
});

describe('one mini device', () => {
  it('answers a device of the company with its building', async () => {
    const res = await call(t.app, 'getMiniDevice', { token: token.staff, params: { id: kiosk } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: kiosk,
      name: 'MINI-ACME-0001',
      label: 'Lobby Kiosk',
      type: 'callButton',
      buildingId: building.tower,
      buildingName: 'Acme Tower',
    });
  });

  it('another company’s device is 404', async () => {
    const res = await call(t.app, 'getMiniDevice', { token: token.solo, params: { id: kiosk } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(JSON.stringify(res.body)).not.toContain('MINI-ACME');
  });
});

describe('binding a mini device to a building', () => {
  const bind = (tok: string, buildingId: string | null, deviceId = kiosk) =>
    call(t.app, 'bindMiniBuilding', { token: tok, body: { deviceId, buildingId } });

  it('binds to a building of the same company and answers the building’s name', async () => {
    const res = await bind(token.admin, building.depot);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: kiosk,
      buildingId: building.depot,
      buildingName: 'Acme Logistics Depot',
    });
    expect((await stored(kiosk)).buildingId).toBe(building.depot);
    const read = await call(t.app, 'getMiniDevice', { token: token.owner, params: { id: kiosk } });
    expect(read.body.data.buildingName).toBe('Acme Logistics Depot');
  });

  it('a building of another company is 404 and the device stays where it was', async () => {
    const res = await bind(token.owner, building.soloMain);
    expect(res.status).toBe(404);
    expect((await stored(kiosk)).buildingId).toBe(building.depot);
  });

  it('a device of another company is 404 and stays where it was', async () => {
    const res = await call(t.app, 'bindMiniBuilding', {
      token: token.solo,
      body: { deviceId: kiosk, buildingId: building.soloMain },
    });
    expect(res.status).toBe(404);
    expect((await stored(kiosk)).buildingId).toBe(building.depot);
  });

  it('buildingId null unbinds', async () => {
    const res = await bind(token.owner, null);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ buildingId: null, buildingName: null });
    expect((await stored(kiosk)).buildingId).toBeNull();
  });

  it('staff may not bind (403), and nothing changes', async () => {
    const res = await bind(token.staff, building.tower);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await stored(kiosk)).buildingId).toBeNull();
  });
});
