import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings, miniDevices } from '../../src/db/schema/index.js';
import { loginInto, must } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

let t: TestApp;
let owner: string;
let staff: string;
let solo: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  staff = await loginInto(t, 'staff@acme.test', 'Acme Robotics');
  solo = await login(t.app, 'solo@solo.test');
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = owner) =>
  call(t.app, 'createBuilding', { token, body });

describe('buildings', () => {
  it('the demo buildings have an address, a position, a time zone and their floors by level', async () => {
    const found = await call(t.app, 'searchBuildings', {
      token: staff,
      body: { pageIndex: 1, pageLength: 20, requestData: { name: '  tower ' } },
    });
    expect(found.status).toBe(200);
    expect(found.body.data.totalCnt).toBe(1);
    const tower = must(found.body.data.list[0]);
    expect(tower).toMatchObject({
      name: 'Acme Tower',
      address: expect.stringContaining('San Francisco'),
      timeZone: 'America/Los_Angeles',
      floorCount: 2,
    });
    expect(tower.latitude).toBeCloseTo(37.79, 1);
    const detail = await call(t.app, 'getBuilding', { token: staff, params: { id: tower.id } });
    expect(detail.body.data.floors.map((f) => [f.name, f.level])).toEqual([
      ['Lobby', 0],
      ['Floor 12', 12],
    ]);
    expect(detail.body.data.floors[0]?.map).toMatchObject({ width: 1200, height: 800, resolution: 0.05 });
  });

  it('pages by name with the totals of the whole search', async () => {
    for (const n of [1, 2, 3]) await create({ name: `Paging Site ${n}` });
    const page = await call(t.app, 'searchBuildings', {
      token: owner,
      body: { pageIndex: 2, pageLength: 2, requestData: { name: 'paging site' } },
    });
    expect(page.body.data.totalCnt).toBe(3);
    expect(page.body.data.list.map((b) => b.name)).toEqual(['Paging Site 3']);
  });

  it('creates, edits and reads back a building; the time zone is stored by its canonical name', async () => {
    const made = await create({
      name: '  Harbor Hall ',
      address: '9 Pier Road',
      latitude: 52.52,
      longitude: 13.405,
      timeZone: 'europe/berlin',
    });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({
      name: 'Harbor Hall',
      timeZone: 'Europe/Berlin',
      floors: [],
      floorCount: 0,
      robotCount: 0,
    });
    const edited = await call(t.app, 'editBuilding', {
      token: owner,
      body: { id: made.body.data.id, address: '', latitude: null, longitude: null, timeZone: 'UTC' },
    });
    expect(edited.body.data).toMatchObject({
      address: null,
      latitude: null,
      longitude: null,
      timeZone: 'UTC',
    });
  });

  it.each([
    [{ name: 'X', latitude: 91, longitude: 0 }, /^body\.latitude: at most 90/],
    [{ name: 'X', latitude: 0, longitude: -180.5 }, /^body\.longitude: at least -180/],
    [{ name: 'X', latitude: 10 }, /^body\.longitude: latitude and longitude are given together/],
    [{ name: 'X', timeZone: 'Mars/Olympus' }, /^body\.timeZone: not an IANA time zone/],
    [{ name: 'X', timeZone: '+01:00' }, /^body\.timeZone: not an IANA time zone/],
    [{ name: '   ' }, /^body\.name: required/],
  ])('refuses %j naming the field', async (body, reason) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(res.body.info).toMatch(reason);
  });

  it('staff read buildings but may not change them', async () => {
    expect((await create({ name: 'Staff Site' }, staff)).status).toBe(403);
    const [tower] = await t.regional.db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
    const id = must(tower).id;
    expect((await call(t.app, 'getBuilding', { token: staff, params: { id } })).status).toBe(200);
    expect((await call(t.app, 'removeBuilding', { token: staff, params: { id } })).status).toBe(403);
  });

  it('another company’s building is not found, whatever the call', async () => {
    const [tower] = await t.regional.db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
    const id = must(tower).id;
    expect((await call(t.app, 'getBuilding', { token: solo, params: { id } })).status).toBe(404);
    expect((await call(t.app, 'editBuilding', { token: solo, body: { id, name: 'Mine' } })).status).toBe(404);
    expect((await call(t.app, 'removeBuilding', { token: solo, params: { id } })).status).toBe(404);
    const soloList = await call(t.app, 'searchBuildings', {
      token: solo,
      body: { pageIndex: 1, pageLength: 50 },
    });
    expect(soloList.body.data.list.map((b) => b.name)).toEqual(['Solo Café Main Street']);
  });

  it('removing a building keeps its robots and mini devices, unassigned, and audits it', async () => {
    const site = (await create({ name: 'Closing Site' })).body.data;
    const robot = await call(t.app, 'registerRobot', {
      token: owner,
      body: {
        name: 'Mover',
        manufacturer: 'acme',
        serialNumber: 'CLOSE-1',
        model: 'R1',
        buildingId: site.id,
      },
    });
    const [device] = await t.regional.db
      .select()
      .from(miniDevices)
      .where(eq(miniDevices.name, 'MINI-ACME-0003'));
    const bound = await call(t.app, 'bindMiniBuilding', {
      token: owner,
      body: { deviceId: must(device).id, buildingId: site.id },
    });
    expect(bound.body.data.buildingName).toBe('Closing Site');
    await call(t.app, 'createFloor', { token: owner, body: { buildingId: site.id, name: 'Only', level: 0 } });
    const counted = await call(t.app, 'getBuilding', { token: owner, params: { id: site.id } });
    expect(counted.body.data).toMatchObject({ robotCount: 1, floorCount: 1 });

    expect((await call(t.app, 'removeBuilding', { token: owner, params: { id: site.id } })).status).toBe(200);
    expect((await call(t.app, 'getBuilding', { token: owner, params: { id: site.id } })).status).toBe(404);
    const robotId = robot.body.data.robot.id;
    expect(
      (await call(t.app, 'getRobot', { token: owner, params: { id: robotId } })).body.data.buildingId,
    ).toBeNull();
    const listed = await call(t.app, 'listRobots', { token: owner, query: { buildingId: site.id } });
    expect(listed.body.data).toEqual([]);
    const moved = await call(t.app, 'getMiniDevice', { token: owner, params: { id: must(device).id } });
    expect(moved.body.data).toMatchObject({ buildingId: null, buildingName: null });
    const audit = await call(t.app, 'searchAudit', {
      token: owner,
      body: { pageIndex: 1, pageLength: 1, requestData: { action: 'building.remove' } },
    });
    expect(audit.body.data.list[0]).toMatchObject({
      targetId: site.id,
      detail: { name: 'Closing Site', floors: 1, robotsUnassigned: 1, miniDevicesUnassigned: 1 },
    });
  });

  it('the buildings a person works in still come from the same table', async () => {
    const res = await call(t.app, 'userBuildings', { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.data.map((b) => b.name)).toEqual(
      expect.arrayContaining(['Acme Logistics Depot', 'Acme Tower']),
    );
  });
});
