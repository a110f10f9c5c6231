import { and, eq } from 'drizzle-orm';
import { AgvController, VirtualAgvAdapter } from 'vda-5050-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildings, floors, stations } from '../../src/db/schema/index.js';
import { must } from '../demo.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { eventually } from './fleet-helpers.js';

let t: TestApp;
let owner: string;
let solo: string;
let tower: string;
let depot: string;
let lobby: string;
let agv: AgvController | undefined;

const stationNamed = async (floorId: string, name: string) => {
  const [row] = await t.regional.db
    .select()
    .from(stations)
    .where(and(eq(stations.floorId, floorId), eq(stations.name, name)));
  return must(row, name);
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await login(t.app, 'owner@acme.test');
  solo = await login(t.app, 'solo@solo.test');
  const byName = async (name: string) =>
    must((await t.regional.db.select().from(buildings).where(eq(buildings.name, name)))[0], name).id;
  tower = await byName('Acme Tower');
  depot = await byName('Acme Logistics Depot');
  const [floor] = await t.regional.db
    .select()
    .from(floors)
    .where(and(eq(floors.buildingId, tower), eq(floors.level, 0)));
  lobby = must(floor).id;
});
afterAll(async () => {
  await agv?.stop().catch(() => {});
  await t.close();
});

async function register(serialNumber: string, buildingId: string | null) {
  const res = await call(t.app, 'registerRobot', {
    token: owner,
    body: { name: `Robot ${serialNumber}`, manufacturer: 'lib', serialNumber, model: 'virtual', buildingId },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const goTo = (robotId: string, body: Record<string, unknown>, token = owner) =>
  call(t.app, 'sendCommand', { token, params: { id: robotId }, body: { type: 'goTo', ...body } });

describe('go to a station', () => {
  it('drives a VDA 5050 robot to the station’s floor, position and heading', async () => {
    const { robot, credentials } = await register('ST-1', tower);
    const entrance = await stationNamed(lobby, 'Main Entrance');
    const reception = await stationNamed(lobby, 'Reception');
    agv = new AgvController(
      { manufacturer: 'lib', serialNumber: 'ST-1' },
      {
        interfaceName: 'uagv',
        vdaVersion: '2.0.0',
        transport: {
          brokerUrl: `mqtt://127.0.0.1:${t.app.fleet.broker?.port}`,
          username: credentials.username,
          password: credentials.password,
        },
      },
      { agvAdapterType: VirtualAgvAdapter },
      { initialPosition: { mapId: lobby, x: entrance.x, y: entrance.y, theta: 0 }, vehicleSpeed: 4 },
    );
    await agv.start();
    await eventually('position', () => t.app.fleet.store.get(robot.id)?.position);

    const sent = await goTo(robot.id, { stationId: reception.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({
      type: 'goTo',
      detail: `Reception (${reception.x}, ${reception.y})`,
    });
    const arrived = await eventually(
      'arrived at Reception',
      () => {
        const p = t.app.fleet.store.get(robot.id)?.position;
        return p && Math.hypot(p.x - reception.x, p.y - reception.y) < 0.5 ? p : undefined;
      },
      15_000,
    );
    expect(arrived.mapId).toBe(lobby);
    const audit = await call(t.app, 'searchAudit', {
      token: owner,
      body: { pageIndex: 1, pageLength: 1, requestData: { action: 'robot.command' } },
    });
    expect(audit.body.data.list[0]?.detail).toMatchObject({ type: 'goTo', stationId: reception.id });
  });

  it('refuses a station of another building with 400 naming the field', async () => {
    const { robot } = await register('ST-2', depot);
    const res = await goTo(robot.id, { stationId: (await stationNamed(lobby, 'Reception')).id });
    expect(res.status).toBe(400);
    expect(res.body.info).toBe(
      'body.stationId: Reception is in Acme Tower, and Robot ST-2 is in another building',
    );
    const homeless = await register('ST-3', null);
    const again = await goTo(homeless.robot.id, { stationId: (await stationNamed(lobby, 'Reception')).id });
    expect(again.body.info).toMatch(
      /^body\.stationId: Robot ST-3 is in no building; place it in Acme Tower first/,
    );
  });

  it('another company’s station is not found', async () => {
    const soloBuilding = (
      await call(t.app, 'searchBuildings', { token: solo, body: { pageIndex: 1, pageLength: 1 } })
    ).body.data.list[0];
    const floor = await call(t.app, 'createFloor', {
      token: solo,
      body: { buildingId: must(soloBuilding).id, name: 'Café', level: 0 },
    });
    const station = await call(t.app, 'createStation', {
      token: solo,
      body: { floorId: floor.body.data.id, name: 'Counter', x: 1, y: 1 },
    });
    const { robot } = await register('ST-4', tower);
    const res = await goTo(robot.id, { stationId: station.body.data.id });
    expect(res.status).toBe(404);
    expect(res.body.info).toBe('station not found');
  });

  it.each([[{ stationId: '00000000-0000-4000-8000-000000000000', target: { x: 1, y: 2 } }], [{}]])(
    'wants either a target or a station: %j',
    async (body) => {
      const { robot } = await register(`ST-X${Object.keys(body).length}`, tower);
      const res = await goTo(robot.id, body);
      expect(res.status).toBe(400);
      expect(res.body.info).toBe('body.stationId: give either target or stationId');
    },
  );
});
