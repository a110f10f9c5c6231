import { type LiftLanding, liftPolicy } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buildings, floors, liftBanks, liftGateways, lifts } from '../db/schema/index.js';
import { hashRobotSecret, newRobotSecret } from '../fleet/robot-credentials.js';

/** The demo's lifts: two cars joining Acme Tower's lobby and floor 12, reported by one simulated gateway. */
export const DEMO_GATEWAY = 'Acme Tower lifts';
export const DEMO_BANK = 'Tower core';
export const DEMO_FLOOR_CODES = { lobby: '0', floor12: '12' } as const;
/** The cars' centres along x, in metres of both floor plans (server/src/demo/demo-floor-plans.ts draws them). */
export const DEMO_CARS = [
  { name: 'Lift A', gatewayLiftName: 'A', x: 27.75 },
  { name: 'Lift B', gatewayLiftName: 'B', x: 32.25 },
] as const;

const UP = Math.PI / 2;

/**
 * The lobby's cars open south onto the lift lobby (y 31); floor 12's core opens south onto the ring corridor
 * (y 16). A robot waits 1.5 m in front of the doors and stands 2 m inside the car.
 */
function landings(x: number, lobby: string, floor12: string): LiftLanding[] {
  return [
    {
      floorId: lobby,
      side: 'front',
      floorCode: DEMO_FLOOR_CODES.lobby,
      outside: { x, y: 29.5, theta: UP },
      inside: { x, y: 33, theta: -UP },
    },
    {
      floorId: floor12,
      side: 'front',
      floorCode: DEMO_FLOOR_CODES.floor12,
      outside: { x, y: 14.8, theta: -UP },
      inside: { x, y: 18, theta: -UP },
    },
  ];
}

/**
 * Seeds Acme's lift gateway, its bank in Acme Tower and the two cars, tested and enabled for robots. Idempotent:
 * what exists by name is left as it is. The gateway's password is set when the demo fleet starts.
 */
export async function seedDemoLifts(reg: Db, companyId: string): Promise<void> {
  const [tower] = await reg
    .select()
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), eq(buildings.name, 'Acme Tower')));
  if (!tower) return;
  const levels = await reg.select().from(floors).where(eq(floors.buildingId, tower.id));
  const lobby = levels.find((f) => f.level === 0)?.id;
  const floor12 = levels.find((f) => f.level === 12)?.id;
  if (!lobby || !floor12) return;
  await reg.transaction(async (tx) => {
    let [gateway] = await tx
      .select()
      .from(liftGateways)
      .where(and(eq(liftGateways.companyId, companyId), eq(liftGateways.name, DEMO_GATEWAY)));
    gateway ??= (
      await tx
        .insert(liftGateways)
        .values({ companyId, name: DEMO_GATEWAY, passwordHash: hashRobotSecret(newRobotSecret()) })
        .returning()
    )[0];
    if (!gateway) throw new Error('demo gateway not created');
    const [existing] = await tx
      .select()
      .from(liftBanks)
      .where(and(eq(liftBanks.buildingId, tower.id), eq(liftBanks.name, DEMO_BANK)));
    if (existing) return;
    const [bank] = await tx
      .insert(liftBanks)
      .values({
        companyId,
        buildingId: tower.id,
        name: DEMO_BANK,
        vendor: 'simulated',
        gatewayId: gateway.id,
        adapter: { endpoint: '', externalBuildingId: '', externalGroupId: '', scope: '' },
        policy: liftPolicy.parse({ maxSessions: 2 }),
      })
      .returning();
    if (!bank) throw new Error('demo bank not created');
    const now = new Date();
    await tx.insert(lifts).values(
      DEMO_CARS.map((car) => ({
        companyId,
        bankId: bank.id,
        gatewayId: gateway.id,
        name: car.name,
        gatewayLiftName: car.gatewayLiftName,
        doorSides: ['front' as const],
        servedFloorIds: [lobby, floor12],
        landings: landings(car.x, lobby, floor12),
        enabledForRobots: true,
        testPassedAt: now,
        changedAt: now,
      })),
    );
  });
}
