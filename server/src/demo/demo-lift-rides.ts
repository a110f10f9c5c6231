import { SimLift, SimLiftGateway } from '@fleet/sim';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { floors, liftGateways, stations } from '../db/schema/index.js';
import { hashRobotSecret, newRobotSecret } from '../fleet/robot-credentials.js';
import { planRide } from '../modules/lifts/rides/plan-ride.js';
import { DEMO_CARS, DEMO_FLOOR_CODES, DEMO_GATEWAY } from './demo-lifts.js';

/** Every so often a courier of Acme Tower rides to the other floor; passengers call the cars in between. */
const RIDE_EVERY_S: [number, number] = [60, 120];
const PASSENGER_EVERY_S: [number, number] = [20, 45];

const between = ([min, max]: [number, number]) => (min + Math.random() * (max - min)) * 1000;

export interface DemoLifts {
  stop(): Promise<void>;
}

/**
 * The demo's lifts at work: a simulated gateway for Acme Tower's two cars (a fresh password, as the demo robots
 * get), passengers calling them now and then, and now and then an idle robot of the tower sent to a station on
 * the other floor, riding a lift there as any go-to across floors does.
 */
export async function startDemoLifts(
  app: FastifyInstance,
  config: Config,
  reg: Db,
): Promise<DemoLifts | null> {
  const [gateway] = await reg.select().from(liftGateways).where(eq(liftGateways.name, DEMO_GATEWAY));
  if (!gateway) return null;
  const password = newRobotSecret();
  await reg
    .update(liftGateways)
    .set({ passwordHash: hashRobotSecret(password) })
    .where(eq(liftGateways.id, gateway.id));
  const cars = DEMO_CARS.map(
    (c) =>
      new SimLift(c.gatewayLiftName, [DEMO_FLOOR_CODES.lobby, DEMO_FLOOR_CODES.floor12], {
        // Twelve storeys at about a second each.
        floorTravelS: 12,
        doorS: 2,
        humanDwellS: 5,
      }),
  );
  const sim = new SimLiftGateway({
    url: config.mqtt.url ?? `mqtt://127.0.0.1:${app.fleet.broker?.port}`,
    prefix: config.liftPrefix,
    gatewayId: gateway.id,
    password,
    lifts: cars,
  });
  await sim.start();

  const timers: NodeJS.Timeout[] = [];
  const every = (range: [number, number], run: () => Promise<void> | void) => {
    const next = () => {
      const timer = setTimeout(async () => {
        try {
          await run();
        } catch (err) {
          app.log.info({ err }, 'demo lifts: nothing done this time');
        }
        next();
      }, between(range));
      timer.unref();
      timers.push(timer);
    };
    next();
  };

  every(PASSENGER_EVERY_S, () => {
    const car = cars[Math.floor(Math.random() * cars.length)];
    const floor = Math.random() < 0.5 ? DEMO_FLOOR_CODES.lobby : DEMO_FLOOR_CODES.floor12;
    car?.call(floor);
  });

  every(RIDE_EVERY_S, async () => {
    const towerFloors = await reg
      .select()
      .from(floors)
      .where(and(eq(floors.companyId, gateway.companyId)));
    // An idle robot of the tower, on one of the two floors the lifts join.
    const candidates = app.fleet.store
      .identities()
      .filter((r) => r.companyId === gateway.companyId && r.buildingId !== null)
      .filter((r) => {
        const live = app.fleet.store.get(r.id);
        return (
          live?.status === 'idle' &&
          (live.battery ?? 0) > 40 &&
          !app.lifts.sessions.rideOf(r.id) &&
          towerFloors.some(
            (f) =>
              f.id === live.position?.mapId &&
              f.buildingId === r.buildingId &&
              (f.level === 0 || f.level === 12),
          )
        );
      });
    const robot = candidates[Math.floor(Math.random() * candidates.length)];
    const position = robot && app.fleet.store.get(robot.id)?.position;
    if (!robot?.buildingId || !position) return;
    const here = towerFloors.find((f) => f.id === position.mapId);
    const there = towerFloors.find(
      (f) => f.buildingId === here?.buildingId && f.level === (here?.level === 0 ? 12 : 0),
    );
    if (!there) return;
    const targets = (await reg.select().from(stations).where(eq(stations.floorId, there.id))).filter(
      (s) => !s.charger,
    );
    const station = targets[Math.floor(Math.random() * targets.length)];
    if (!station) return;
    const plan = await planRide(
      { reg, link: app.lifts },
      {
        companyId: robot.companyId,
        robot: { id: robot.id, name: robot.name, model: robot.model, buildingId: robot.buildingId },
        position,
        goal: { x: station.x, y: station.y, theta: station.theta, mapId: there.id, stationId: station.id },
      },
    );
    const ride = await app.lifts.rides.write(reg, {
      companyId: robot.companyId,
      plan,
      robotId: robot.id,
      commandId: null,
    });
    app.lifts.rides.run(ride, (outcome) =>
      app.log.info(
        { robot: robot.name, station: station.name, ...outcome },
        'demo lifts: a courier’s ride ended',
      ),
    );
    app.log.info(
      { robot: robot.name, station: station.name },
      'demo lifts: a courier rides to the other floor',
    );
  });

  return {
    stop: async () => {
      for (const t of timers) clearTimeout(t);
      await sim.stop();
    },
  };
}
