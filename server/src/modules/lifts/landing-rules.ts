import type { DoorSide, LiftConfigRule, LiftLanding, Waypoint } from '@fleet/contract';
import type { RuleProblem } from '../../errors.js';

/** A floor as the landing rules see it: its building, its name for messages, and its map's extent (null: no map). */
export interface LandingFloor {
  buildingId: string;
  name: string;
  bounds: { minX: number; minY: number; maxX: number; maxY: number } | null;
}

export interface LandingPlan {
  servedFloorIds: readonly string[];
  doorSides: readonly DoorSide[];
  landings: readonly LiftLanding[];
}

/** A problem with a lift's floors or landings, under the body path it concerns, with the rule it breaks. */
export type LandingProblem = RuleProblem & { rule: LiftConfigRule };

const inside = (w: Waypoint, b: NonNullable<LandingFloor['bounds']>) =>
  w.x >= b.minX && w.x <= b.maxX && w.y >= b.minY && w.y <= b.maxY;

/**
 * What is wrong with a lift's served floors and landings, in the order a person would fix them: every served
 * floor is a floor of the bank's building, served once; each has exactly one landing per door side of the lift;
 * a vendor floor code names one floor (the same code at both doors of a floor, never two floors); both
 * waypoints of a landing lie on its floor's map. Empty when the plan can be saved.
 */
export function landingProblems(
  plan: LandingPlan,
  buildingId: string,
  floors: ReadonlyMap<string, LandingFloor>,
): LandingProblem[] {
  const problems: LandingProblem[] = [];
  const floorName = (id: string) => floors.get(id)?.name ?? id;
  const served = new Set<string>();
  plan.servedFloorIds.forEach((id, i) => {
    const floor = floors.get(id);
    if (!floor || floor.buildingId !== buildingId)
      problems.push({
        path: `servedFloorIds.${i}`,
        message: 'not a floor of the bank’s building',
        rule: 'servedFloorElsewhere',
      });
    else if (served.has(id))
      problems.push({
        path: `servedFloorIds.${i}`,
        message: `${floor.name} is listed twice`,
        rule: 'servedFloorTwice',
        params: { floor: floor.name },
      });
    else served.add(id);
  });
  const sides = new Set(plan.doorSides);
  const seen = new Map<string, number>();
  /** Floor of each code, per side; code of each floor, per side. */
  const floorOfCode = new Map<string, string>();
  const codeOfFloor = new Map<string, string>();
  plan.landings.forEach((l, i) => {
    const at = `landings.${i}`;
    if (!served.has(l.floorId)) {
      problems.push({
        path: `${at}.floorId`,
        message: 'not one of the lift’s served floors',
        rule: 'landingFloorNotServed',
      });
      return;
    }
    if (!sides.has(l.side)) {
      problems.push({
        path: `${at}.side`,
        message: `the lift has no ${l.side} door`,
        rule: 'landingNoSuchDoor',
        params: { side: l.side },
      });
      return;
    }
    const key = `${l.floorId}/${l.side}`;
    if (seen.has(key)) {
      problems.push({
        path: at,
        message: `a second ${l.side} landing for ${floorName(l.floorId)}`,
        rule: 'landingTwice',
        params: { side: l.side, floor: floorName(l.floorId) },
      });
      return;
    }
    seen.set(key, i);
    const codeFloor = floorOfCode.get(l.floorCode);
    if (codeFloor !== undefined && codeFloor !== l.floorId)
      problems.push({
        path: `${at}.floorCode`,
        message: `"${l.floorCode}" already names ${floorName(codeFloor)}`,
        rule: 'floorCodeTaken',
        params: { code: l.floorCode, floor: floorName(codeFloor) },
      });
    floorOfCode.set(l.floorCode, l.floorId);
    const floorCode = codeOfFloor.get(l.floorId);
    if (floorCode !== undefined && floorCode !== l.floorCode)
      problems.push({
        path: `${at}.floorCode`,
        message: `${floorName(l.floorId)} is "${floorCode}" at its other door`,
        rule: 'floorCodeDiffersByDoor',
        params: { code: floorCode, floor: floorName(l.floorId) },
      });
    codeOfFloor.set(l.floorId, l.floorCode);
    const bounds = floors.get(l.floorId)?.bounds;
    if (!bounds) {
      problems.push({
        path: at,
        message: `${floorName(l.floorId)} has no map to place the waypoints on`,
        rule: 'floorWithoutMap',
        params: { floor: floorName(l.floorId) },
      });
      return;
    }
    if (!inside(l.outside, bounds))
      problems.push({
        path: `${at}.outside`,
        message: `outside the map of ${floorName(l.floorId)}`,
        rule: 'waypointOffMap',
        params: { floor: floorName(l.floorId) },
      });
    if (!inside(l.inside, bounds))
      problems.push({
        path: `${at}.inside`,
        message: `outside the map of ${floorName(l.floorId)}`,
        rule: 'waypointOffMap',
        params: { floor: floorName(l.floorId) },
      });
  });
  for (const id of served) {
    for (const side of plan.doorSides)
      if (!seen.has(`${id}/${side}`))
        problems.push({
          path: 'landings',
          message: `${floorName(id)} has no ${side} landing`,
          rule: 'landingMissing',
          params: { side, floor: floorName(id) },
        });
  }
  return problems;
}
