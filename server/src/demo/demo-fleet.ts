import { Fleet, type FleetMap, type RobotCredential } from '@fleet/sim';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { robots } from '../db/schema/index.js';
import { hashRobotSecret, newRobotSecret } from '../fleet/robot-credentials.js';
import { demoRobotsOf } from './demo-robots.js';
import { simMapsOf } from './sim-maps.js';

export interface DemoFleet {
  robots: number;
  stop(): Promise<void>;
}

/**
 * Runs the demo's simulated robots inside the server, as real MQTT clients of its broker: each demo robot
 * gets a fresh password (its hash replaces the old one, in one transaction), drives on its building's floors
 * between the stations, drains and charges its battery, and obeys the console's commands. Robots whose
 * building has no floor map stay offline: there is nowhere to draw them.
 */
export async function startDemoFleet(
  app: FastifyInstance,
  config: Config,
  reg: Db,
): Promise<DemoFleet | null> {
  const rows = await demoRobotsOf(reg);
  const maps: FleetMap[] = [];
  const credentials: RobotCredential[] = [];
  const mapsByBuilding = new Map<string, FleetMap[]>();
  const placed = new Map<string, number>();
  for (const robot of rows) {
    if (!robot.buildingId) continue;
    let floors = mapsByBuilding.get(robot.buildingId);
    if (!floors) {
      floors = await simMapsOf(reg, robot.companyId, robot.buildingId);
      mapsByBuilding.set(robot.buildingId, floors);
      maps.push(...floors);
    }
    // Robots of a building are spread over its floors in turn.
    const nth = placed.get(robot.buildingId) ?? 0;
    placed.set(robot.buildingId, nth + 1);
    const floor = floors[nth % Math.max(floors.length, 1)];
    if (!floor) continue;
    credentials.push({
      manufacturer: robot.manufacturer,
      serialNumber: robot.serialNumber,
      password: newRobotSecret(),
      mapId: floor.mapId,
    });
  }
  if (credentials.length === 0) return null;

  await reg.transaction(async (tx) => {
    for (const c of credentials) {
      await tx
        .update(robots)
        .set({ mqttSecretHash: hashRobotSecret(c.password) })
        .where(and(eq(robots.manufacturer, c.manufacturer), eq(robots.serialNumber, c.serialNumber)));
    }
  });

  const port = app.fleet.broker?.port;
  const url = config.mqtt.url ?? `mqtt://127.0.0.1:${port}`;
  const fleet = new Fleet({
    url,
    credentials,
    maps,
    seed: 7,
    wander: true,
    params: { errorProbabilityPerSecond: 0.004 },
  });
  await fleet.start();
  return { robots: credentials.length, stop: () => fleet.stop() };
}
