import {
  type AnswerPolicy,
  type CallPoint,
  type CandidateRobot,
  OTHER_FLOOR_PENALTY_M,
} from './pick-robot.js';

/** About this many robots to a cell: a call weighs those of the few cells around it, not the whole floor. */
const ROBOTS_PER_CELL = 8;
const MIN_CELL_M = 1;
const MAX_CELL_M = 50;

interface Floor {
  /** The side of a cell, in metres, from how densely the floor's robots stand. */
  cellM: number;
  cells: Map<number, CandidateRobot[]>;
  all: CandidateRobot[];
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export interface Choice {
  robot: CandidateRobot;
  distanceM: number;
}

/** One number per cell (cell coordinates stay well within ±2^20 at the smallest cell). */
const cellKey = (cx: number, cy: number) => (cx + 2 ** 20) * 2 ** 21 + (cy + 2 ** 20);

/**
 * A building's free robots, indexed by floor and grid cell, for the calls that take them: `nearest` gives what
 * `pickRobot` would choose among the robots still here (same rules, same order: distance on the call's floor,
 * other floors after a penalty, then name), looking at the cells nearest the call first and stopping once no
 * farther cell could hold a nearer robot. With thousands of robots in a building, a call weighs tens.
 */
export class RobotGrid {
  private readonly floors = new Map<string, Floor>();
  private readonly taken = new Set<string>();

  /**
   * `stillFree` checks a robot about to be chosen against the live fleet: the grid may be a moment old, and a
   * robot given other work since is passed over (and taken out).
   */
  constructor(
    robots: readonly CandidateRobot[],
    private readonly stillFree: (robotId: string) => boolean = () => true,
  ) {
    for (const r of robots) {
      if (!r.position) continue;
      const { mapId, x, y } = r.position;
      let floor = this.floors.get(mapId);
      if (!floor) {
        floor = { cellM: 0, cells: new Map(), all: [], minX: x, maxX: x, minY: y, maxY: y };
        this.floors.set(mapId, floor);
      }
      floor.all.push(r);
      floor.minX = Math.min(floor.minX, x);
      floor.maxX = Math.max(floor.maxX, x);
      floor.minY = Math.min(floor.minY, y);
      floor.maxY = Math.max(floor.maxY, y);
    }
    for (const floor of this.floors.values()) {
      const area = Math.max(1, (floor.maxX - floor.minX) * (floor.maxY - floor.minY));
      const side = Math.sqrt((area * ROBOTS_PER_CELL) / floor.all.length);
      floor.cellM = Math.min(MAX_CELL_M, Math.max(MIN_CELL_M, side));
      for (const r of floor.all) {
        if (!r.position) continue;
        const key = cellKey(Math.floor(r.position.x / floor.cellM), Math.floor(r.position.y / floor.cellM));
        const cell = floor.cells.get(key);
        if (cell) cell.push(r);
        else floor.cells.set(key, [r]);
      }
    }
  }

  /** The robot no longer answers from here (sent to a call, or found busy). */
  take(robotId: string): void {
    this.taken.add(robotId);
  }

  /**
   * The robot to send to the point, or null when none here may go. `skip` rules out robots the caller knows to be
   * busy since the grid was made (they are taken, so they are never weighed again).
   */
  nearest(point: CallPoint, policy: AnswerPolicy, skip?: (robot: CandidateRobot) => boolean): Choice | null {
    const fits = this.fits(point, policy, skip);
    for (;;) {
      const best = this.best(point, fits);
      if (!best.robot) return null;
      // The grid may be a moment old: the robot chosen is checked against the live fleet, and passed over if busy.
      if (this.stillFree(best.robot.id)) return { robot: best.robot, distanceM: best.distanceM };
      this.taken.add(best.robot.id);
    }
  }

  private best(point: CallPoint, fits: (r: CandidateRobot) => boolean): Best {
    const best = new Best();
    const floor = this.floors.get(point.floorId);
    if (floor) {
      const { cellM } = floor;
      const cx = Math.floor(point.x / cellM);
      const cy = Math.floor(point.y / cellM);
      // Rings of cells around the call's, out to the farthest robot of the floor.
      const reach = Math.max(
        Math.abs(cx - Math.floor(floor.minX / cellM)),
        Math.abs(cx - Math.floor(floor.maxX / cellM)),
        Math.abs(cy - Math.floor(floor.minY / cellM)),
        Math.abs(cy - Math.floor(floor.maxY / cellM)),
      );
      if ((2 * reach + 1) ** 2 > 4 * floor.all.length) {
        // Few robots over a wide floor: weighing them all costs less than walking the empty cells.
        for (const r of floor.all) if (fits(r)) best.weigh(r, point, 0);
      } else {
        for (let ring = 0; ring <= reach; ring++) {
          // Any robot of this ring is at least this far: the cells between it and the call's lie in between.
          if (best.cost < Math.max(0, ring - 1) * cellM) break;
          forRing(cx, cy, ring, (key) => {
            const cell = floor.cells.get(key);
            if (cell) for (const r of cell) if (fits(r)) best.weigh(r, point, 0);
          });
        }
      }
    }
    // Robots of other floors come after a lift ride: weighed only when none of this floor is as near.
    if (best.cost >= OTHER_FLOOR_PENALTY_M) {
      for (const [mapId, other] of this.floors) {
        if (mapId === point.floorId) continue;
        for (const r of other.all) if (fits(r)) best.weigh(r, point, OTHER_FLOOR_PENALTY_M);
      }
    }
    return best;
  }

  private fits(point: CallPoint, policy: AnswerPolicy, skip?: (robot: CandidateRobot) => boolean) {
    const anyRobot = policy.allowedRobotIds.length === 0 && policy.allowedModels.length === 0;
    return (r: CandidateRobot): boolean => {
      if (this.taken.has(r.id)) return false;
      if (r.buildingId !== point.buildingId) return false;
      if (!anyRobot && !policy.allowedRobotIds.includes(r.id) && !policy.allowedModels.includes(r.model))
        return false;
      if (!r.online || !r.idle || r.onCall) return false;
      if (r.battery !== null && r.battery < policy.minBattery) return false;
      if (skip?.(r)) {
        this.taken.add(r.id);
        return false;
      }
      return true;
    };
  }
}

/** The best robot so far: the lowest cost, then the first name. */
class Best {
  robot: CandidateRobot | null = null;
  distanceM = 0;
  cost = Number.POSITIVE_INFINITY;

  weigh(r: CandidateRobot, point: CallPoint, penalty: number): void {
    if (!r.position) return;
    const distanceM = Math.hypot(r.position.x - point.x, r.position.y - point.y);
    const cost = distanceM + penalty;
    if (cost < this.cost || (cost === this.cost && this.robot && r.name < this.robot.name)) {
      this.robot = r;
      this.distanceM = distanceM;
      this.cost = cost;
    }
  }
}

/** Calls `visit` with the key of each cell at Chebyshev distance `ring` from (cx, cy). */
function forRing(cx: number, cy: number, ring: number, visit: (key: number) => void): void {
  if (ring === 0) {
    visit(cellKey(cx, cy));
    return;
  }
  for (let dx = -ring; dx <= ring; dx++) {
    visit(cellKey(cx + dx, cy - ring));
    visit(cellKey(cx + dx, cy + ring));
  }
  for (let dy = -ring + 1; dy <= ring - 1; dy++) {
    visit(cellKey(cx - ring, cy + dy));
    visit(cellKey(cx + ring, cy + dy));
  }
}
