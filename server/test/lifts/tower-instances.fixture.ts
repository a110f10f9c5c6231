import { type SimLift, SimLiftGateway, SimRobot } from '@fleet/sim';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { type Database, type Db, openDatabase } from '../../src/db/client.js';
import { buildings, floors } from '../../src/db/schema/index.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { buildTestApp, call, login, type TestApp } from '../helper.js';
import { towerLift } from './tower-lift.fixture.js';

const UP = Math.PI / 2;

export interface TowerOnBroker {
  a: TestApp;
  owner: string;
  tower: string;
  lobby: string;
  floor12: string;
  liftId: string;
  gateway: SimLiftGateway;
  gatewayId: string;
}

/**
 * The first instance of a run on the machine's PostgreSQL and Mosquitto (`shared`: the run's broker and topics),
 * with Acme Tower's own lift (tower-lift.fixture) and a simulated gateway for it, reporting `car`. Start the other
 * instances once it is set up: they read the lifts as they start.
 */
export async function towerOnBroker(
  shared: Config,
  car: SimLift,
  policy: Parameters<typeof towerLift>[3],
  overrides: Partial<Config> = {},
): Promise<TowerOnBroker> {
  const a = await buildTestApp({
    mqtt: shared.mqtt,
    vdaPrefix: shared.vdaPrefix,
    liftPrefix: shared.liftPrefix,
    devicePrefix: shared.devicePrefix,
    ...overrides,
  });
  const owner = await login(a.app, 'owner@acme.test');
  const { tower, lobby, floor12 } = await acmeTower(a.regional.db);
  const made = await towerLift(a.app, owner, { tower, lobby, floor12 }, policy);
  const gateway = new SimLiftGateway({
    url: process.env.TEST_MQTT_URL ?? '',
    prefix: shared.liftPrefix,
    gatewayId: made.gatewayId,
    lifts: [car],
    stateIntervalMs: 250,
    tickMs: 50,
  });
  await gateway.start();
  await eventually('the lift reports', () => a.app.lifts.store.get(made.liftId)?.report);
  return { a, owner, tower, lobby, floor12, liftId: made.liftId, gateway, gatewayId: made.gatewayId };
}

/** The demo's Acme Tower with its lobby and floor 12, where tower-lift.fixture puts its lift. */
export async function acmeTower(db: Db): Promise<{ tower: string; lobby: string; floor12: string }> {
  const [building] = await db.select().from(buildings).where(eq(buildings.name, 'Acme Tower'));
  const tower = must(building).id;
  const floorAt = async (level: number) =>
    must(
      (
        await db
          .select()
          .from(floors)
          .where(and(eq(floors.buildingId, tower), eq(floors.level, level)))
      )[0],
    ).id;
  return { tower, lobby: await floorAt(0), floor12: await floorAt(12) };
}

/** Another instance on the first one's databases (and so its broker). */
export async function anotherInstance(a: TestApp): Promise<{ app: FastifyInstance; db: Database }> {
  const db = await openDatabase(a.databaseUrl, null);
  const app = await buildApp({ config: a.config, directory: db, regional: db, logger: false });
  await app.ready();
  return { app, db };
}

export interface TowerOnTwoInstances extends TowerOnBroker {
  b: FastifyInstance;
  /** The instance carrying the tower (its rides and lift sessions) and the other one. */
  carrier: FastifyInstance;
  bystander: FastifyInstance;
  /** Stops the gateway and both instances. */
  close(): Promise<void>;
}

/** towerOnBroker, then another instance: both know each other and see the lift's states. */
export async function towerOnTwoInstances(
  shared: Config,
  car: SimLift,
  policy: Parameters<typeof towerLift>[3],
): Promise<TowerOnTwoInstances> {
  const t = await towerOnBroker(shared, car, policy);
  const { app: b, db } = await anotherInstance(t.a);
  const both = [t.a.app, b];
  await eventually('both instances know each other', () =>
    both.every((app) => app.fleet.ownership.instances.length === 2),
  );
  await eventually('both see the lift', () => both.every((app) => app.lifts.store.get(t.liftId)?.report));
  const carrier = must(both.find((app) => app.lifts.rides.runsHere(t.liftId)));
  const close = async () => {
    await t.gateway.stop().catch(() => {});
    await b.close();
    await db.close();
    await t.a.close();
  };
  return { ...t, b, carrier, bystander: must(both.find((app) => app !== carrier)), close };
}

/** A courier robot registered in the tower through `app` and simulated in its lobby, online. */
export async function courierInLobby(
  app: FastifyInstance,
  t: Pick<TowerOnBroker, 'owner' | 'tower' | 'lobby'>,
  serial: string,
  interfaceName: string,
): Promise<{ robotId: string; robot: SimRobot }> {
  const registered = await call(app, 'registerRobot', {
    token: t.owner,
    body: {
      name: `Courier ${serial}`,
      manufacturer: 'sim',
      serialNumber: serial,
      model: 'Courier',
      buildingId: t.tower,
    },
  });
  expect(registered.status, registered.body.info).toBe(200);
  const robotId = registered.body.data.robot.id;
  const robot = new SimRobot({
    url: process.env.TEST_MQTT_URL ?? '',
    manufacturer: 'sim',
    serialNumber: serial,
    topics: { interfaceName, majorVersion: 'v2' },
    pose: { x: 30, y: 10.5, theta: UP, mapId: t.lobby },
    params: { speed: 4, turnRate: 6, errorProbabilityPerSecond: 0 },
    stateIntervalMs: 200,
    tickMs: 50,
  });
  await robot.start();
  await eventually('the robot online', () => app.fleet.store.get(robotId)?.position);
  return { robotId, robot };
}
