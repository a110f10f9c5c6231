import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginInto, must } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';

let t: TestApp;
let owner: string;
let staff: string;
let solo: string;
let building: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  staff = await loginInto(t, 'staff@acme.test', 'Acme Robotics');
  solo = await login(t.app, 'solo@solo.test');
  building = (await call(t.app, 'createBuilding', { token: owner, body: { name: 'Clinic' } })).body.data.id;
});
afterAll(() => t.close());

const floorIn = async (level: number, name = `Level ${level}`) => {
  const res = await call(t.app, 'createFloor', { token: owner, body: { buildingId: building, name, level } });
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('floors', () => {
  it('are listed with their building lowest level first, one per level', async () => {
    await floorIn(2);
    await floorIn(-1, 'Basement');
    const ground = await floorIn(0, 'Ground');
    expect(ground).toMatchObject({ buildingId: building, map: null, stationCount: 0 });
    const detail = await call(t.app, 'getBuilding', { token: staff, params: { id: building } });
    expect(detail.body.data.floors.map((f) => f.level)).toEqual([-1, 0, 2]);
    expect(detail.body.data.floorCount).toBe(3);

    const twice = await call(t.app, 'createFloor', {
      token: owner,
      body: { buildingId: building, name: 'Again', level: 2 },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.info).toMatch(/^body\.level: the building has a floor on level 2 already/);
    const moved = await call(t.app, 'editFloor', { token: owner, body: { id: ground.id, level: 2 } });
    expect(moved.status).toBe(409);
  });

  it('are renamed, moved to another level and removed', async () => {
    const floor = await floorIn(7);
    const edited = await call(t.app, 'editFloor', {
      token: owner,
      body: { id: floor.id, name: 'Seventh', level: 8 },
    });
    expect(edited.body.data).toMatchObject({ name: 'Seventh', level: 8 });
    expect((await call(t.app, 'removeFloor', { token: owner, params: { id: floor.id } })).status).toBe(200);
    expect((await call(t.app, 'getFloor', { token: owner, params: { id: floor.id } })).status).toBe(404);
  });

  it.each([
    [{ name: 'X', level: 1.5 }, /^body\.level: /],
    [{ name: '', level: 1 }, /^body\.name: required/],
    [{ name: 'X', level: 301 }, /^body\.level: at most 300/],
  ])('refuses %j naming the field', async (body, reason) => {
    const res = await call(t.app, 'createFloor', { token: owner, body: { buildingId: building, ...body } });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(reason);
  });

  it('in another company’s building cannot be added, nor another company’s read', async () => {
    const floor = await floorIn(20);
    const res = await call(t.app, 'createFloor', {
      token: solo,
      body: { buildingId: building, name: 'X', level: 1 },
    });
    expect(res.status).toBe(404);
    expect((await call(t.app, 'getFloor', { token: solo, params: { id: floor.id } })).status).toBe(404);
    expect((await call(t.app, 'removeFloor', { token: solo, params: { id: floor.id } })).status).toBe(404);
    expect((await call(t.app, 'editFloor', { token: staff, body: { id: floor.id, name: 'Y' } })).status).toBe(
      403,
    );
  });
});

describe('stations', () => {
  it('are added, listed by name, edited and removed; names are unique per floor', async () => {
    const floor = await floorIn(30);
    const add = (body: Record<string, unknown>) =>
      call(t.app, 'createStation', { token: owner, body: { floorId: floor.id, ...body } });
    const dock = await add({ name: 'Dock', x: 1.5, y: -2, theta: Math.PI, charger: true });
    expect(dock.body.data).toMatchObject({ name: 'Dock', x: 1.5, y: -2, theta: Math.PI, charger: true });
    const bed = await add({ name: 'Bed 4', x: 10, y: 3 });
    expect(bed.body.data).toMatchObject({ theta: 0, charger: false });

    const again = await add({ name: 'Dock', x: 0, y: 0 });
    expect(again.status).toBe(409);
    expect(again.body.info).toMatch(/^body\.name: the floor has a station named Dock already/);
    const rename = await call(t.app, 'editStation', {
      token: owner,
      body: { id: bed.body.data.id, name: 'Dock' },
    });
    expect(rename.status).toBe(409);

    const list = await call(t.app, 'listStations', { token: staff, params: { id: floor.id } });
    expect(list.body.data.map((s) => s.name)).toEqual(['Bed 4', 'Dock']);
    expect(
      (await call(t.app, 'getFloor', { token: staff, params: { id: floor.id } })).body.data.stationCount,
    ).toBe(2);

    const moved = await call(t.app, 'editStation', {
      token: owner,
      body: { id: bed.body.data.id, x: 11, theta: -1, charger: true },
    });
    expect(moved.body.data).toMatchObject({ name: 'Bed 4', x: 11, y: 3, theta: -1, charger: true });
    expect(
      (await call(t.app, 'removeStation', { token: owner, params: { id: bed.body.data.id } })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'listStations', { token: owner, params: { id: floor.id } })).body.data,
    ).toHaveLength(1);
  });

  it.each([
    [{ name: 'A', x: 0, y: 0, theta: 4 }, /^body\.theta: at most π/],
    [{ name: 'A', x: 0, y: 0, theta: -3.2 }, /^body\.theta: at least −π/],
    [{ name: 'A', x: 'far', y: 0 }, /^body\.x: /],
    [{ name: 'A', x: 1e9, y: 0 }, /^body\.x: at most 100000 m/],
    [{ name: ' ', x: 0, y: 0 }, /^body\.name: required/],
  ])('refuses %j naming the field', async (body, reason) => {
    const floor = (await call(t.app, 'getBuilding', { token: owner, params: { id: building } })).body.data
      .floors[0];
    const res = await call(t.app, 'createStation', {
      token: owner,
      body: { floorId: must(floor).id, ...body },
    });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(reason);
  });

  it('on a floor with a map must lie on it', async () => {
    const detail = await call(t.app, 'searchBuildings', {
      token: owner,
      body: { pageIndex: 1, pageLength: 1, requestData: { name: 'Depot' } },
    });
    const depot = await call(t.app, 'getBuilding', {
      token: owner,
      params: { id: must(detail.body.data.list[0]).id },
    });
    const warehouse = must(depot.body.data.floors[0]);
    expect(warehouse.map?.bounds).toEqual({ minX: 0, minY: 0, maxX: 60, maxY: 40 });
    const off = await call(t.app, 'createStation', {
      token: owner,
      body: { floorId: warehouse.id, name: 'Outside', x: 61, y: 5 },
    });
    expect(off.status).toBe(400);
    expect(off.body.info).toBe('body.x: outside the floor map (0 … 60 m)');
  });

  it('of another company are not found, and staff cannot change them', async () => {
    const floor = await floorIn(31);
    const made = await call(t.app, 'createStation', {
      token: owner,
      body: { floorId: floor.id, name: 'Secret', x: 1, y: 1 },
    });
    const id = made.body.data.id;
    expect((await call(t.app, 'listStations', { token: solo, params: { id: floor.id } })).status).toBe(404);
    expect((await call(t.app, 'editStation', { token: solo, body: { id, name: 'Mine' } })).status).toBe(404);
    expect((await call(t.app, 'removeStation', { token: solo, params: { id } })).status).toBe(404);
    expect(
      (
        await call(t.app, 'createStation', {
          token: solo,
          body: { floorId: floor.id, name: 'X', x: 0, y: 0 },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'removeStation', { token: staff, params: { id } })).status).toBe(403);
  });

  it('every change is audited', async () => {
    const audit = await call(t.app, 'searchAudit', {
      token: owner,
      body: { pageIndex: 1, pageLength: 100 },
    });
    const actions = new Set(audit.body.data.list.map((e) => e.action));
    for (const a of [
      'building.create',
      'floor.create',
      'floor.edit',
      'floor.remove',
      'station.create',
      'station.edit',
      'station.remove',
    ] as const) {
      expect(actions, a).toContain(a);
    }
  });
});
