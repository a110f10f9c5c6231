import { randomUUID } from 'node:crypto';
import type { DeviceType } from '@fleet/contract';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings, floors, miniDevices, robots } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens, must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { buildTestApp, call, type TestApp } from '../helper.js';

/*
 * Managing mini devices through the API: registering, editing, placing one or many, finding, exporting,
 * renewing their MQTT password and removing them, as Acme's and Solo Café's people see it.
 */

let t: TestApp;
const token = { owner: '', admin: '', staff: '', solo: '' };
const building = { tower: '', depot: '', soloMain: '' };
const floor = { lobby: '', floor12: '', warehouse: '' };
let acme = '';
let kiosk = '';
let courier = '';

beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
  Object.assign(token, await demoTokens(t, 'owner', 'admin', 'staff', 'solo'));
  const allBuildings = await t.regional.db.select().from(buildings);
  const buildingId = (name: string) =>
    must(
      allBuildings.find((b) => b.name === name),
      name,
    ).id;
  building.tower = buildingId('Acme Tower');
  building.depot = buildingId('Acme Logistics Depot');
  building.soloMain = buildingId('Solo Café Main Street');
  const allFloors = await t.regional.db.select().from(floors);
  const floorId = (buildingId: string, name: string) =>
    must(
      allFloors.find((f) => f.buildingId === buildingId && f.name === name),
      name,
    ).id;
  floor.lobby = floorId(building.tower, 'Lobby');
  floor.floor12 = floorId(building.tower, 'Floor 12');
  floor.warehouse = floorId(building.depot, 'Warehouse');
  const [device] = await t.regional.db
    .select()
    .from(miniDevices)
    .where(eq(miniDevices.name, 'MINI-ACME-0001'));
  kiosk = must(device, 'MINI-ACME-0001').id;
  const [robot] = await t.regional.db.select().from(robots).where(eq(robots.name, 'Courier 1'));
  courier = must(robot, 'Courier 1').id;
});
afterAll(() => t.close());

/** Registers a device; the type is a call button unless the body says otherwise. */
const register = (tok: string, body: Record<string, unknown>) =>
  call(t.app, 'registerMiniDevice', { token: tok, body: { type: 'callButton', ...body } });

/** Registers a device that must be accepted; answers its id and its credentials. */
async function registered(name: string, opts: { type?: DeviceType; label?: string; tok?: string } = {}) {
  const res = await register(opts.tok ?? token.owner, {
    name,
    label: opts.label ?? `Label ${name}`,
    type: opts.type ?? 'callButton',
  });
  expect(res.status, res.body.info).toBe(200);
  return { id: res.body.data.device.id, credentials: res.body.data.credentials };
}

const getDevice = (id: string, tok = token.owner) =>
  call(t.app, 'getMiniDevice', { token: tok, params: { id } });
const stored = async (id: string) => {
  const [row] = await t.regional.db.select().from(miniDevices).where(eq(miniDevices.id, id));
  return row ?? null;
};
const search = (requestData: object, tok = token.owner) =>
  call(t.app, 'searchMiniDevices', { token: tok, body: { pageIndex: 1, pageLength: 200, requestData } });
const namesFound = async (requestData: object) =>
  (await search(requestData)).body.data.list.map((d) => d.name).sort();
const companyDeviceNames = async (tok: string) =>
  (await call(t.app, 'listCompanyMiniDevices', { token: tok })).body.data.map((d) => d.name).sort();
const timeline = async (deviceId: string, tok = token.owner) =>
  call(t.app, 'miniDeviceEvents', {
    token: tok,
    body: { pageIndex: 1, pageLength: 100, requestData: { deviceId } },
  });
const auditOf = async (action: 'miniDevice.register' | 'miniDevice.remove' | 'miniDevice.renewCredentials') =>
  (
    await call(t.app, 'searchAudit', {
      token: token.owner,
      body: { pageIndex: 1, pageLength: 200, requestData: { action } },
    })
  ).body.data.list;
const bind = (body: Record<string, unknown>, tok = token.owner) =>
  call(t.app, 'bindMiniBuilding', { token: tok, body });
const bulkBind = (lines: string[], tok = token.owner) =>
  call(t.app, 'bulkBindMiniDevices', { token: tok, body: { csv: lines.join('\n') } });

describe('registering a mini device', () => {
  it('answers the device and, this once, its MQTT username and password', async () => {
    const res = await register(token.owner, { name: 'REG-1', label: '  Table 7  ', type: 'tablePager' });
    expect(res.status, res.body.info).toBe(200);
    const { device, credentials } = res.body.data;
    expect(device).toMatchObject({
      name: 'REG-1',
      label: 'Table 7',
      type: 'tablePager',
      model: '',
      companyId: acme,
      buildingId: null,
      floorId: null,
      point: null,
      allowedRobotIds: [],
      hasCredentials: true,
      openCall: null,
    });
    expect(device.live.online).toBe(false);
    expect(credentials).toMatchObject({
      deviceId: device.id,
      username: 'devices/v1/REG-1',
      topicRoot: 'devices/v1/REG-1',
      mqttPort: must(t.app.fleet.broker, 'embedded broker').port,
    });
    expect(credentials.password.length).toBeGreaterThan(0);
    const read = await getDevice(device.id);
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('REG-1');
    expect(JSON.stringify(read.body)).not.toContain(credentials.password);
  });

  it('accepts a name of 64 letters, digits, _ . and -', async () => {
    const name = `Ab0_.-${'x'.repeat(58)}`;
    const res = await register(token.admin, { name, label: 'Longest name', type: 'beacon' });
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data.credentials.username).toBe(`devices/v1/${name}`);
  });

  it.each([
    ['empty', ''],
    ['with a space', 'REG 2'],
    ['with an MQTT level separator', 'REG/2'],
    ['with an MQTT wildcard', 'REG+2'],
    ['with a hash', 'REG#2'],
    ['with an accent', 'RÉG-2'],
    ['65 characters long', 'R'.repeat(65)],
    ['missing', undefined],
  ])('a name %s is 400 naming body.name, and nothing is registered', async (_, name) => {
    const before = await companyDeviceNames(token.owner);
    const res = await register(token.owner, { name, label: 'Bad name' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.info).toMatch(/^body\.name: /);
    expect(await companyDeviceNames(token.owner)).toEqual(before);
  });

  it('a name the company registered already is 409 naming body.name, with the rule a client words', async () => {
    const res = await register(token.owner, { name: 'REG-1', label: 'Again' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.info).toMatch(/^body\.name: /);
    expect(res.body).toMatchObject({ refusal: { rule: 'deviceNameTaken', params: { name: 'REG-1' } } });
  });

  it('a name another company holds is 409, and the answer does not say whose it is (names are unique in the region)', async () => {
    const res = await register(token.solo, { name: 'MINI-ACME-0001', label: 'Our kiosk' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.info).toMatch(/^body\.name: /);
    for (const secret of ['Acme Robotics', acme, kiosk, 'Lobby Kiosk', 'Acme Tower'])
      expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(await companyDeviceNames(token.solo)).not.toContain('MINI-ACME-0001');
    expect(must(await stored(kiosk), 'kiosk')).toMatchObject({ companyId: acme, label: 'Lobby Kiosk' });
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
    ['81 characters long', 'l'.repeat(81)],
  ])('a label %s is 400 naming body.label, and nothing is registered', async (_, label) => {
    const res = await register(token.owner, { name: 'REG-NO-LABEL', label });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.info).toMatch(/^body\.label: /);
    expect(await companyDeviceNames(token.owner)).not.toContain('REG-NO-LABEL');
  });

  it('an unknown type is 400 naming body.type', async () => {
    const res = await register(token.owner, { name: 'REG-TYPE', label: 'Toaster', type: 'toaster' });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.type: /);
  });

  it('staff may not register one (403), and nothing is registered', async () => {
    const res = await register(token.staff, { name: 'REG-STAFF', label: 'By staff' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await companyDeviceNames(token.owner)).not.toContain('REG-STAFF');
  });

  it('is written to the audit log with the device’s name and label, never its password', async () => {
    const { id, credentials } = await registered('REG-AUDIT', { label: 'Audited' });
    const entry = must(
      (await auditOf('miniDevice.register')).find((e) => e.targetId === id),
      'audit entry',
    );
    expect(entry.actor?.email).toBe('owner@acme.test');
    expect(entry.detail).toMatchObject({ name: 'REG-AUDIT', label: 'Audited' });
    expect(JSON.stringify(entry)).not.toContain(credentials.password);
  });
});

describe('editing a mini device', () => {
  const edit = (body: Record<string, unknown>, tok = token.owner) =>
    call(t.app, 'editMiniDevice', { token: tok, body });
  const settings = (id: string) => ({
    id,
    label: 'Bar Pager',
    type: 'staffPager',
    model: 'SP-1',
    allowedRobotIds: [] as string[],
    allowedModels: [] as string[],
    minBattery: 20,
    heartbeatS: 60,
  });

  it('changes its label, type, model, allowed robots and models, minimum battery and heartbeat', async () => {
    const { id } = await registered('EDIT-1');
    const res = await edit({
      ...settings(id),
      label: ' Terrace Button ',
      type: 'tablePager',
      allowedRobotIds: [courier],
      allowedModels: ['Courier C2'],
      minBattery: 35,
      heartbeatS: 10,
    });
    expect(res.status, res.body.info).toBe(200);
    const expected = {
      name: 'EDIT-1',
      label: 'Terrace Button',
      type: 'tablePager',
      model: 'SP-1',
      allowedRobotIds: [courier],
      allowedModels: ['Courier C2'],
      minBattery: 35,
      heartbeatS: 10,
    };
    expect(res.body.data).toMatchObject(expected);
    expect((await getDevice(id)).body.data).toMatchObject(expected);
  });

  it('a robot of another company among the allowed robots is 404, and nothing changes', async () => {
    const { id } = await registered('EDIT-SOLO', { tok: token.solo, label: 'Counter' });
    const res = await edit(
      { ...settings(id), label: 'Counter with Acme robot', allowedRobotIds: [courier] },
      token.solo,
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    const after = (await getDevice(id, token.solo)).body.data;
    expect(after).toMatchObject({ label: 'Counter', type: 'callButton', allowedRobotIds: [] });
  });

  it('a robot id nobody has is 404, and nothing changes', async () => {
    const { id } = await registered('EDIT-GHOST', { label: 'Ghost' });
    const res = await edit({ ...settings(id), allowedRobotIds: [randomUUID()] });
    expect(res.status).toBe(404);
    expect((await getDevice(id)).body.data).toMatchObject({ label: 'Ghost', allowedRobotIds: [] });
  });

  it.each([
    ['heartbeatS', 9],
    ['heartbeatS', 3601],
    ['minBattery', -1],
    ['minBattery', 101],
    ['label', '  '],
  ])('%s %s is 400 naming the field, and nothing changes', async (field, value) => {
    const { id } = await registered(`EDIT-BAD-${field}-${String(value).trim() || 'blank'}`, {
      label: 'Kept',
    });
    const res = await edit({ ...settings(id), [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.info).toMatch(new RegExp(`^body\\.${field}: `));
    expect((await getDevice(id)).body.data).toMatchObject({ label: 'Kept', heartbeatS: 60, minBattery: 20 });
  });

  it('another company’s device is 404, and it stays as it was', async () => {
    const res = await edit({ ...settings(kiosk), label: 'Hijacked' }, token.solo);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(must(await stored(kiosk), 'kiosk').label).toBe('Lobby Kiosk');
  });

  it('staff may not edit (403), and nothing changes', async () => {
    const res = await edit({ ...settings(kiosk), label: 'By staff' }, token.staff);
    expect(res.status).toBe(403);
    expect(must(await stored(kiosk), 'kiosk').label).toBe('Lobby Kiosk');
  });
});

describe('placing a device on a floor, at a point of its map', () => {
  let id = '';
  beforeAll(async () => {
    id = (await registered('PLACE-1', { label: 'Reception' })).id;
  });

  it('answers the building, the floor’s name and the point, and its timeline shows it bound', async () => {
    const res = await bind({
      deviceId: id,
      buildingId: building.tower,
      floorId: floor.lobby,
      point: { x: 4.5, y: -2 },
    });
    expect(res.status, res.body.info).toBe(200);
    const placed = {
      buildingId: building.tower,
      buildingName: 'Acme Tower',
      floorId: floor.lobby,
      floorName: 'Lobby',
      point: { x: 4.5, y: -2 },
    };
    expect(res.body.data).toMatchObject(placed);
    expect((await getDevice(id)).body.data).toMatchObject(placed);
    const [latest] = (await timeline(id)).body.data.list;
    expect(latest).toMatchObject({
      kind: 'bound',
      detail: { building: 'Acme Tower', floor: 'Lobby', point: { x: 4.5, y: -2 } },
    });
    expect(latest?.actorName).toBeTruthy();
  });

  it('a floor of another building is 400 naming body.floorId, and the device stays where it was', async () => {
    const res = await bind({
      deviceId: id,
      buildingId: building.tower,
      floorId: floor.warehouse,
      point: { x: 1, y: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.info).toMatch(/^body\.floorId: /);
    expect(res.body.info).toContain('Warehouse is not a floor of Acme Tower');
    expect(res.body).toMatchObject({
      issues: [
        {
          path: 'body.floorId',
          rule: 'floorNotOfBuilding',
          params: { floor: 'Warehouse', building: 'Acme Tower' },
        },
      ],
    });
    expect((await getDevice(id)).body.data).toMatchObject({ floorName: 'Lobby', point: { x: 4.5, y: -2 } });
  });

  it('a point without a floor is 400 naming body.floorId', async () => {
    const res = await bind({ deviceId: id, buildingId: building.tower, point: { x: 1, y: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.floorId: /);
    expect((await getDevice(id)).body.data.floorName).toBe('Lobby');
  });

  it('a floor without a building is 400 naming body.buildingId', async () => {
    const res = await bind({ deviceId: id, buildingId: null, floorId: floor.lobby });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.buildingId: /);
    expect((await getDevice(id)).body.data.buildingId).toBe(building.tower);
  });

  it('a point off any map (beyond 100 km) is 400 naming body.point.x', async () => {
    const res = await bind({
      deviceId: id,
      buildingId: building.tower,
      floorId: floor.lobby,
      point: { x: 100_001, y: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.point\.x: /);
  });

  it('a building of another company is 404, and the device stays where it was', async () => {
    const res = await bind({ deviceId: id, buildingId: building.soloMain });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await getDevice(id)).body.data.buildingId).toBe(building.tower);
  });

  it('a floor of another company is 404', async () => {
    const { id: solos } = await registered('PLACE-SOLO', { tok: token.solo });
    const res = await bind(
      { deviceId: solos, buildingId: building.soloMain, floorId: floor.lobby },
      token.solo,
    );
    expect(res.status).toBe(404);
    expect((await getDevice(solos, token.solo)).body.data.buildingId).toBeNull();
  });

  it('moving to another floor of the building answers the new floor', async () => {
    const res = await bind({
      deviceId: id,
      buildingId: building.tower,
      floorId: floor.floor12,
      point: { x: 0, y: 0 },
    });
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data).toMatchObject({ floorName: 'Floor 12', point: { x: 0, y: 0 } });
  });

  it('staff may not place a device (403), and it stays where it was', async () => {
    const res = await bind({ deviceId: id, buildingId: building.depot }, token.staff);
    expect(res.status).toBe(403);
    expect((await getDevice(id)).body.data.buildingId).toBe(building.tower);
  });

  it('buildingId null unbinds it: building, floor and point are cleared, and its timeline shows it unbound', async () => {
    const res = await bind({ deviceId: id, buildingId: null });
    expect(res.status, res.body.info).toBe(200);
    const nowhere = { buildingId: null, buildingName: null, floorId: null, floorName: null, point: null };
    expect(res.body.data).toMatchObject(nowhere);
    expect((await getDevice(id)).body.data).toMatchObject(nowhere);
    expect(must(await stored(id), 'row')).toMatchObject({ pointX: null, pointY: null });
    const kinds = (await timeline(id)).body.data.list.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['unbound', 'bound', 'bound']);
  });

  it('another company cannot read its timeline (404)', async () => {
    const res = await timeline(id, token.solo);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });
});

describe('binding many devices from a CSV file', () => {
  const HEADER = 'name,building,floor,x,y';

  it('a good file binds every row, and every row is answered without an error', async () => {
    for (const n of ['BULK-1', 'BULK-2', 'BULK-3']) await registered(n);
    const ids = Object.fromEntries(
      (await search({ name: 'BULK-' })).body.data.list.map((d) => [d.name, d.id] as const),
    );
    const res = await bulkBind([
      HEADER,
      'BULK-1,Acme Tower,Lobby,1.5,2',
      'BULK-2,acme logistics depot,warehouse,,',
      'BULK-3,Acme Tower,,,',
    ]);
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data).toEqual({
      bound: 3,
      rows: [
        { line: 2, name: 'BULK-1', error: null, refusal: null },
        { line: 3, name: 'BULK-2', error: null, refusal: null },
        { line: 4, name: 'BULK-3', error: null, refusal: null },
      ],
    });
    const placeOf = async (name: string) => {
      const d = (await getDevice(must(ids[name], name))).body.data;
      return { building: d.buildingName, floor: d.floorName, point: d.point };
    };
    expect(await placeOf('BULK-1')).toEqual({
      building: 'Acme Tower',
      floor: 'Lobby',
      point: { x: 1.5, y: 2 },
    });
    expect(await placeOf('BULK-2')).toEqual({
      building: 'Acme Logistics Depot',
      floor: 'Warehouse',
      point: null,
    });
    expect(await placeOf('BULK-3')).toEqual({ building: 'Acme Tower', floor: null, point: null });
    const [latest] = (await timeline(must(ids['BULK-1'], 'BULK-1'))).body.data.list;
    expect(latest?.kind).toBe('bound');
  });

  it('a file with bad rows binds nothing, and says for each line what is wrong (all or nothing)', async () => {
    const { id: good } = await registered('BULK-GOOD');
    for (const n of ['BULK-C', 'BULK-D', 'BULK-E', 'BULK-F']) await registered(n);
    const res = await bulkBind([
      HEADER,
      'BULK-GOOD,Acme Tower,Floor 12,3,4',
      'NO-SUCH-DEVICE,Acme Tower,,,',
      'BULK-C,Nowhere Hall,,,',
      'BULK-D,Acme Tower,Warehouse,,',
      'BULK-E,Acme Tower,Lobby,5,',
      'BULK-F,Acme Tower,,1,2',
      'BULK-GOOD,Acme Tower,,,',
    ]);
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data).toEqual({
      bound: 0,
      rows: [
        { line: 2, name: 'BULK-GOOD', error: null, refusal: null },
        {
          line: 3,
          name: 'NO-SUCH-DEVICE',
          error: 'no device of the company is named NO-SUCH-DEVICE',
          refusal: { rule: 'unknownDevice', params: { name: 'NO-SUCH-DEVICE' } },
        },
        {
          line: 4,
          name: 'BULK-C',
          error: 'no building is named Nowhere Hall',
          refusal: { rule: 'unknownBuilding', params: { building: 'Nowhere Hall' } },
        },
        {
          line: 5,
          name: 'BULK-D',
          error: 'Acme Tower has no floor named Warehouse',
          refusal: { rule: 'unknownFloor', params: { building: 'Acme Tower', floor: 'Warehouse' } },
        },
        {
          line: 6,
          name: 'BULK-E',
          error: 'give both x and y, or neither',
          refusal: { rule: 'halfPoint', params: {} },
        },
        {
          line: 7,
          name: 'BULK-F',
          error: 'a point needs its floor',
          refusal: { rule: 'pointNeedsFloor', params: {} },
        },
        {
          line: 8,
          name: 'BULK-GOOD',
          error: 'BULK-GOOD is on an earlier line too',
          refusal: { rule: 'repeatedDevice', params: { name: 'BULK-GOOD', line: 2 } },
        },
      ],
    });
    expect((await getDevice(good)).body.data).toMatchObject({ buildingId: null, floorId: null, point: null });
    expect((await timeline(good)).body.data.list.map((e) => e.kind)).not.toContain('bound');
  });

  it('another company’s device names are reported as not found, and those devices stay where they were', async () => {
    const before = must(await stored(kiosk), 'kiosk');
    const res = await bulkBind(['name,building', 'MINI-ACME-0001,Solo Café Main Street'], token.solo);
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data).toEqual({
      bound: 0,
      rows: [
        {
          line: 2,
          name: 'MINI-ACME-0001',
          error: 'no device of the company is named MINI-ACME-0001',
          refusal: { rule: 'unknownDevice', params: { name: 'MINI-ACME-0001' } },
        },
      ],
    });
    expect(must(await stored(kiosk), 'kiosk')).toMatchObject({
      companyId: acme,
      buildingId: before.buildingId,
      floorId: before.floorId,
    });
  });

  it.each([
    ['names no columns', ['BULK-1,Acme Tower,Lobby,1,2'], 'csvColumnsMissing', { columns: 'name, building' }],
    [
      'lacks the building column',
      ['name,floor', 'BULK-1,Lobby'],
      'csvColumnsMissing',
      { columns: 'building' },
    ],
    ['has no device rows', [HEADER], 'csvNoRows', {}],
    ['is not CSV', [HEADER, 'BULK-1,"Acme" Tower'], 'csvUnreadable', undefined],
  ])('a file that %s is 400 naming body.csv, with the rule (%s)', async (_, lines, rule, params) => {
    const res = await bulkBind(lines);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.info).toMatch(/^body\.csv: /);
    expect(res.body).toMatchObject({ issues: [{ path: 'body.csv', rule, ...(params ? { params } : {}) }] });
  });

  it('an empty file is 400 naming body.csv', async () => {
    const res = await call(t.app, 'bulkBindMiniDevices', { token: token.owner, body: { csv: '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.csv: /);
  });

  it('the line numbers are the file’s own, blank lines included', async () => {
    const res = await bulkBind([HEADER, '', 'NO-SUCH-DEVICE,Acme Tower,,,']);
    expect(res.body.data.rows).toMatchObject([
      { line: 3, name: 'NO-SUCH-DEVICE', error: 'no device of the company is named NO-SUCH-DEVICE' },
    ]);
  });

  it('a floor name two floors of the building share is reported, not guessed', async () => {
    const made = await call(t.app, 'createBuilding', { token: token.owner, body: { name: 'Twin Hall' } });
    for (const level of [0, 1])
      await call(t.app, 'createFloor', {
        token: token.owner,
        body: { buildingId: made.body.data.id, name: 'Hall', level },
      });
    const { id } = await registered('BULK-TWIN');
    const res = await bulkBind([HEADER, 'BULK-TWIN,Twin Hall,Hall,,']);
    expect(res.body.data.bound).toBe(0);
    expect(res.body.data.rows[0]?.error).toMatch(/Hall/);
    expect(res.body.data.rows[0]?.refusal).toEqual({
      rule: 'ambiguousFloor',
      params: { building: 'Twin Hall', floor: 'Hall', count: 2 },
    });
    expect((await getDevice(id)).body.data.buildingId).toBeNull();
  });

  it('staff may not bind from a file (403)', async () => {
    const res = await bulkBind([HEADER, 'BULK-GOOD,Acme Tower,,,'], token.staff);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('finding devices by type, place, connection and battery', () => {
  // The online and battery columns are what the device link writes down every few seconds; set here directly.
  const facts = (name: string, values: { online: boolean; battery: number | null }) =>
    t.regional.db.update(miniDevices).set(values).where(eq(miniDevices.name, name));

  beforeAll(async () => {
    const { id } = await registered('FLT-1', { type: 'callButton' });
    await registered('FLT-2', { type: 'staffPager' });
    await registered('FLT-3', { type: 'staffPager' });
    expect((await bind({ deviceId: id, buildingId: building.depot })).status).toBe(200);
    await facts('FLT-1', { online: true, battery: 20 });
    await facts('FLT-2', { online: true, battery: 19 });
    await facts('FLT-3', { online: false, battery: null });
  });

  it('filters by type', async () => {
    expect(await namesFound({ name: 'FLT-', type: 'staffPager' })).toEqual(['FLT-2', 'FLT-3']);
    expect(await namesFound({ name: 'FLT-', type: 'watch' })).toEqual([]);
  });

  it('unbound finds the devices in no building', async () => {
    expect(await namesFound({ name: 'FLT-', unbound: true })).toEqual(['FLT-2', 'FLT-3']);
  });

  it('online true finds connected devices, online false the others', async () => {
    expect(await namesFound({ name: 'FLT-', online: true })).toEqual(['FLT-1', 'FLT-2']);
    expect(await namesFound({ name: 'FLT-', online: false })).toEqual(['FLT-3']);
  });

  it('low battery finds a battery below 20 %, not one at 20 % nor one that reports none', async () => {
    expect(await namesFound({ name: 'FLT-', lowBattery: true })).toEqual(['FLT-2']);
  });

  it('filters combine, and totalCnt counts what they match', async () => {
    const res = await search({
      name: 'FLT-',
      type: 'staffPager',
      online: true,
      lowBattery: true,
      unbound: true,
    });
    expect(res.body.data.totalCnt).toBe(1);
    expect(res.body.data.list.map((d) => d.name)).toEqual(['FLT-2']);
    expect((await search({ name: 'FLT-', type: 'callButton', unbound: true })).body.data.totalCnt).toBe(0);
  });

  it('never finds another company’s devices', async () => {
    await facts('MINI-ACME-0003', { online: true, battery: 5 });
    const res = await search({ lowBattery: true }, token.solo);
    expect(res.body.data.list.map((d) => d.name)).toEqual([]);
    expect(await namesFound({ lowBattery: true })).toContain('MINI-ACME-0003');
  });
});

describe('calls and timelines of devices', () => {
  it('a test call is listed among the company’s open calls, and once cancelled among the ended ones', async () => {
    const { id } = await registered('CALL-1', { label: 'Patio Button' });
    const placed = await bind({
      deviceId: id,
      buildingId: building.tower,
      floorId: floor.lobby,
      point: { x: 2, y: 3 },
    });
    expect(placed.status, placed.body.info).toBe(200);
    const made = await call(t.app, 'testMiniDeviceCall', { token: token.owner, params: { id } });
    expect(made.status, made.body.info).toBe(200);
    const callId = made.body.data.id;
    const calls = async (requestData: object, tok = token.owner) =>
      call(t.app, 'miniDeviceCalls', { token: tok, body: { pageIndex: 1, pageLength: 100, requestData } });

    const open = (await calls({ deviceId: id, open: true })).body.data;
    expect(open.totalCnt).toBe(1);
    expect(open.list[0]).toMatchObject({
      id: callId,
      deviceId: id,
      deviceLabel: 'Patio Button',
      endedAt: null,
    });
    expect((await calls({})).body.data.list.map((c) => c.id)).toContain(callId);
    expect((await calls({}, token.solo)).body.data).toEqual({ list: [], totalCnt: 0 });

    expect((await call(t.app, 'cancelMiniDeviceCall', { token: token.owner, params: { id } })).status).toBe(
      200,
    );
    // Nothing left to cancel: refused with the rule a client words (the device's label in it).
    const again = await call(t.app, 'cancelMiniDeviceCall', { token: token.owner, params: { id } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      info: 'Patio Button has no open call',
      refusal: { rule: 'deviceNoOpenCall', params: { device: 'Patio Button' } },
    });
    expect((await calls({ deviceId: id, open: true })).body.data.totalCnt).toBe(0);
    const ended = (await calls({ deviceId: id, open: false })).body.data.list;
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ id: callId, state: 'cancelled' });
    expect(ended[0]?.endedAt).not.toBeNull();
    const kinds = (await timeline(id)).body.data.list.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['press', 'callCreated', 'callCancelled', 'bound']));
  });

  it('a test call of a device not placed, or of one that does not call robots, is refused with the rule', async () => {
    const { id } = await registered('CALL-2', { label: 'Loose Button' });
    const unplaced = await call(t.app, 'testMiniDeviceCall', { token: token.owner, params: { id } });
    expect(unplaced.status).toBe(400);
    expect(unplaced.body).toMatchObject({
      info: 'params.id: place Loose Button at a point of a floor map first',
      issues: [{ path: 'params.id', rule: 'deviceNotPlaced', params: { device: 'Loose Button' } }],
    });
    const { id: beacon } = await registered('CALL-3', { label: 'Door Beacon', type: 'beacon' });
    const silent = await call(t.app, 'testMiniDeviceCall', { token: token.owner, params: { id: beacon } });
    expect(silent.status).toBe(409);
    expect(silent.body).toMatchObject({
      code: 'CONFLICT',
      refusal: { rule: 'deviceDoesNotCall', params: { device: 'Door Beacon', type: 'beacon' } },
    });
  });

  it('another company asking for a device’s calls is 404', async () => {
    const res = await call(t.app, 'miniDeviceCalls', {
      token: token.solo,
      body: { pageIndex: 1, pageLength: 10, requestData: { deviceId: kiosk } },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('a timeline without a device is 400 naming body.requestData.deviceId', async () => {
    const res = await call(t.app, 'miniDeviceEvents', {
      token: token.owner,
      body: { pageIndex: 1, pageLength: 10 },
    });
    expect(res.status).toBe(400);
    expect(res.body.info).toMatch(/^body\.requestData\.deviceId: /);
  });
});

describe('renewing a device’s MQTT password', () => {
  const brokerUrl = () => `mqtt://127.0.0.1:${must(t.app.fleet.broker, 'embedded broker').port}`;
  const connect = (username: string, password: string) =>
    mqtt.connectAsync(brokerUrl(), { username, password, reconnectPeriod: 0, connectTimeout: 5_000 });

  it('answers a new password; the old one no longer logs in and its connection is closed', async () => {
    const { id, credentials: first } = await registered('RENEW-1');
    const before = await connect(first.username, first.password);
    try {
      const res = await call(t.app, 'renewMiniDeviceCredentials', { token: token.admin, params: { id } });
      expect(res.status, res.body.info).toBe(200);
      const renewed = res.body.data;
      expect(renewed).toMatchObject({ deviceId: id, username: first.username, topicRoot: first.topicRoot });
      expect(renewed.password.length).toBeGreaterThan(0);
      expect(renewed.password).not.toBe(first.password);
      await eventually('the old connection closed', () => !before.connected);

      await expect(connect(first.username, first.password)).rejects.toThrow();
      const after = await connect(renewed.username, renewed.password);
      expect(after.connected).toBe(true);
      await after.endAsync();
    } finally {
      await before.endAsync(true);
    }
    const entry = (await auditOf('miniDevice.renewCredentials')).find((e) => e.targetId === id);
    expect(entry?.detail).toMatchObject({ name: 'RENEW-1' });
  });

  it('another company’s device is 404, and its password still works', async () => {
    const { id, credentials } = await registered('RENEW-2');
    const res = await call(t.app, 'renewMiniDeviceCredentials', { token: token.solo, params: { id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    const client = await connect(credentials.username, credentials.password);
    await client.endAsync();
  });

  it('staff may not renew it (403)', async () => {
    const res = await call(t.app, 'renewMiniDeviceCredentials', {
      token: token.staff,
      params: { id: kiosk },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('removing a device', () => {
  const remove = (id: string, tok = token.owner) =>
    call(t.app, 'removeMiniDevice', { token: tok, params: { id } });

  it('answers its id; afterwards it is not found, not searchable, and its name is free again', async () => {
    const { id } = await registered('RM-1');
    expect((await bind({ deviceId: id, buildingId: building.tower, floorId: floor.lobby })).status).toBe(200);
    const res = await remove(id);
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data).toEqual({ id });
    const read = await getDevice(id);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('NOT_FOUND');
    expect((await search({ name: 'RM-1' })).body.data).toEqual({ list: [], totalCnt: 0 });
    expect(await companyDeviceNames(token.owner)).not.toContain('RM-1');
    expect((await timeline(id)).status).toBe(404);
    expect((await remove(id)).status).toBe(404);
    const entry = (await auditOf('miniDevice.remove')).find((e) => e.targetId === id);
    expect(entry?.detail).toMatchObject({ name: 'RM-1', building: 'Acme Tower' });
    await registered('RM-1');
  });

  it('its open call ends and its calls go with it', async () => {
    const { id } = await registered('RM-2');
    await bind({ deviceId: id, buildingId: building.tower, floorId: floor.lobby, point: { x: 1, y: 1 } });
    const made = await call(t.app, 'testMiniDeviceCall', { token: token.owner, params: { id } });
    expect(made.status, made.body.info).toBe(200);
    expect((await remove(id)).status).toBe(200);
    const calls = await call(t.app, 'miniDeviceCalls', {
      token: token.owner,
      body: { pageIndex: 1, pageLength: 200 },
    });
    expect(calls.body.data.list.map((c) => c.id)).not.toContain(made.body.data.id);
  });

  it('another company’s device is 404, and it stays', async () => {
    const res = await remove(kiosk, token.solo);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await getDevice(kiosk)).status).toBe(200);
  });

  it('staff may not remove one (403), and it stays', async () => {
    const res = await remove(kiosk, token.staff);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect((await getDevice(kiosk)).status).toBe(200);
  });
});

describe('exporting devices as CSV', () => {
  const exported = async (tok: string) => {
    const res = await call(t.app, 'exportMiniDevices', { token: tok });
    const text = String(res.body).replace(/^\uFEFF/, '');
    return { res, lines: text.split('\r\n').filter(Boolean) };
  };

  it('is a CSV file with a header and one line per device of the company', async () => {
    const { res, lines } = await exported(token.owner);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/csv/);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="devices-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(lines[0]).toMatch(/^Name,Label,Type,/);
    const names = lines.slice(1).map((l) => l.split(',')[0]);
    expect(names.sort()).toEqual(await companyDeviceNames(token.owner));
    expect(names).toEqual(expect.arrayContaining(['MINI-ACME-0001', 'MINI-ACME-0002', 'MINI-ACME-0003']));
    expect(names.filter((n) => n?.startsWith('EDIT-SOLO') || n?.startsWith('PLACE-SOLO'))).toEqual([]);
  });

  it('shows each device’s building, floor and point', async () => {
    const { lines } = await exported(token.owner);
    const row = must(
      lines.find((l) => l.startsWith('BULK-1,')),
      'BULK-1 line',
    );
    expect(row).toContain(',Acme Tower,Lobby,1.5,2,');
  });

  it('another company’s file holds its own devices only', async () => {
    const { res, lines } = await exported(token.solo);
    expect(res.status).toBe(200);
    expect(lines[0]).toMatch(/^Name,Label,Type,/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['EDIT-SOLO', 'PLACE-SOLO']);
    expect(lines.join('\n')).not.toContain('MINI-ACME');
  });

  it('staff may export (reading is enough)', async () => {
    const { res, lines } = await exported(token.staff);
    expect(res.status).toBe(200);
    expect(lines.length).toBeGreaterThan(3);
  });

  it('a label a spreadsheet would run as a formula is defused', async () => {
    await registered('CSV-FORMULA', { label: '=HYPERLINK("http://evil.test")' });
    const { lines } = await exported(token.owner);
    const row = must(
      lines.find((l) => l.startsWith('CSV-FORMULA,')),
      'CSV-FORMULA line',
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  });
});

describe('removing a building with devices in it', () => {
  it('unbinds its devices: building, floor and point are cleared and their timelines show them unbound', async () => {
    const made = await call(t.app, 'createBuilding', { token: token.owner, body: { name: 'Annex' } });
    expect(made.status, made.body.info).toBe(200);
    const annex = made.body.data.id;
    const ground = await call(t.app, 'createFloor', {
      token: token.owner,
      body: { buildingId: annex, name: 'Ground', level: 0 },
    });
    expect(ground.status, ground.body.info).toBe(200);
    const { id } = await registered('ANNEX-1');
    const placed = await bind({
      deviceId: id,
      buildingId: annex,
      floorId: ground.body.data.id,
      point: { x: 7, y: 8 },
    });
    expect(placed.status, placed.body.info).toBe(200);

    const removed = await call(t.app, 'removeBuilding', { token: token.owner, params: { id: annex } });
    expect(removed.status, removed.body.info).toBe(200);

    const device = await getDevice(id);
    expect(device.status).toBe(200);
    expect(device.body.data).toMatchObject({
      buildingId: null,
      buildingName: null,
      floorId: null,
      floorName: null,
      point: null,
    });
    expect(must(await stored(id), 'row')).toMatchObject({
      buildingId: null,
      floorId: null,
      pointX: null,
      pointY: null,
    });
    const [latest] = (await timeline(id)).body.data.list;
    expect(latest?.kind).toBe('unbound');
    expect(await namesFound({ name: 'ANNEX-', unbound: true })).toEqual(['ANNEX-1']);
  });
});

describe('removing a floor with devices on it', () => {
  it('clears the point of its devices along with their floor', async () => {
    const made = await call(t.app, 'createBuilding', { token: token.owner, body: { name: 'Garden Wing' } });
    const ground = await call(t.app, 'createFloor', {
      token: token.owner,
      body: { buildingId: made.body.data.id, name: 'Ground', level: 0 },
    });
    const { id } = await registered('GARDEN-1');
    await bind({
      deviceId: id,
      buildingId: made.body.data.id,
      floorId: ground.body.data.id,
      point: { x: 1, y: 2 },
    });
    const removed = await call(t.app, 'removeFloor', {
      token: token.owner,
      params: { id: ground.body.data.id },
    });
    expect(removed.status).toBe(200);
    expect((await getDevice(id)).body.data).toMatchObject({
      buildingId: made.body.data.id,
      floorId: null,
      point: null,
    });
  });
});
