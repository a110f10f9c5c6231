import { randomUUID } from 'node:crypto';
import type { LiftLanding, Waypoint } from '@fleet/contract';
import type { Db } from '../../../db/client.js';
import { conflict } from '../../../errors.js';
import { buildingOf } from '../../buildings/repo.js';
import { policyRefusal } from '../lift-policy.js';
import { liftRule } from '../lift-rules.js';
import type { LiftLink } from '../link/lift-link.js';
import { banksOf, liftsOfBanks } from '../repo.js';
import { BLOCK_WORDS } from './block-words.js';
import type { RidePlan } from './ride.js';

export interface RideRequest {
  companyId: string;
  robot: { id: string; name: string; model: string; buildingId: string };
  /** Where the robot is now (its floor is `mapId`). */
  position: Waypoint & { mapId: string };
  goal: Waypoint & { mapId: string; stationId: string };
}

const REFUSAL_WORDS = {
  robotNotAllowed: 'may not be used by',
  outsideHours: 'is outside its hours for',
} as const;

/** The landing of a lift on a floor, at the first door side it has there. */
const landingOn = (landings: LiftLanding[], floorId: string) => landings.find((l) => l.floorId === floorId);

/**
 * Whether the building has lifts for robots at all: without any bank, a robot crossing floors is its own business
 * (a robot with its vendor's own lift integration), as before lifts were configured.
 */
export async function buildingHasLifts(db: Db, companyId: string, buildingId: string): Promise<boolean> {
  return (await banksOf(db, companyId, buildingId)).length > 0;
}

/**
 * Chooses the lift a robot rides from its floor to the goal's: one serving both floors, enabled for robots and in
 * service, whose bank's policy lets this robot in now; of those, one that can move now, with the fewest robots
 * waiting, nearest to the robot. Refused (409) saying why when none will do.
 */
export async function planRide(deps: { reg: Db; link: LiftLink }, r: RideRequest): Promise<RidePlan> {
  const { reg, link } = deps;
  const building = await buildingOf(reg, r.companyId, r.robot.buildingId);
  const banks = await banksOf(reg, r.companyId, building.id);
  const lifts = await liftsOfBanks(
    reg,
    r.companyId,
    banks.map((b) => b.id),
  );
  const now = new Date();
  const reasons: string[] = [];
  const candidates: Array<{ plan: RidePlan; movable: boolean; waiting: number; distance: number }> = [];
  for (const lift of lifts) {
    const bank = banks.find((b) => b.id === lift.bankId);
    const from = landingOn(lift.landings, r.position.mapId);
    const to = landingOn(lift.landings, r.goal.mapId);
    if (!bank || !from || !to) continue;
    if (!lift.enabledForRobots) {
      reasons.push(`${lift.name} is not enabled for robots`);
      continue;
    }
    if (lift.outOfService) {
      reasons.push(`${lift.name} is out of robot service`);
      continue;
    }
    const refusal = policyRefusal(bank.policy, r.robot, building.timeZone, now);
    if (refusal) {
      reasons.push(`${bank.name} ${REFUSAL_WORDS[refusal]} ${r.robot.name}`);
      continue;
    }
    const blocked = link.store.blocked(lift.id);
    if (blocked) reasons.push(`${lift.name} ${BLOCK_WORDS[blocked]}`);
    candidates.push({
      plan: {
        rideId: randomUUID(),
        robotName: r.robot.name,
        liftId: lift.id,
        from,
        to,
        goal: r.goal,
        policy: bank.policy,
      },
      movable: blocked === null,
      waiting: link.sessions.waiting(lift.id).length + (link.sessions.holder(lift.id) ? 1 : 0),
      distance: Math.hypot(from.outside.x - r.position.x, from.outside.y - r.position.y),
    });
  }
  candidates.sort(
    (a, b) => Number(b.movable) - Number(a.movable) || a.waiting - b.waiting || a.distance - b.distance,
  );
  const best = candidates[0];
  // A blocked lift is still taken when it is the only way: the robot waits at the landing and is told why.
  if (best) return best.plan;
  throw reasons.length > 0
    ? conflict(
        `no lift can take ${r.robot.name} now: ${reasons.join('; ')}`,
        liftRule('noLiftCanTake', { robot: r.robot.name }),
      )
    : conflict(
        `no lift of ${building.name} serves both floors`,
        liftRule('noLiftServesFloors', { building: building.name }),
      );
}

/** Cancels a robot's ride (a new command for it, a cancel) wherever it runs, ending its lift session. */
export function cancelRide(link: LiftLink, robotId: string, reason: string): Promise<void> {
  return link.rides.cancel(robotId, reason);
}
