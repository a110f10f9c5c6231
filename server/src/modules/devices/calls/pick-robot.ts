/** Where a call wants its robot: a point on a floor's map (metres, the map's frame). */
export interface CallPoint {
  buildingId: string;
  floorId: string;
  x: number;
  y: number;
}

/** A robot as the dispatcher sees it. */
export interface CandidateRobot {
  id: string;
  name: string;
  model: string;
  buildingId: string | null;
  online: boolean;
  /** Not working on an order, not paused, not in error, not charging. */
  idle: boolean;
  battery: number | null;
  position: { mapId: string; x: number; y: number } | null;
  /** Answering another call already. */
  onCall: boolean;
}

/** Which robots may answer a device: by id or model (both empty: any robot of the building), and how charged. */
export interface AnswerPolicy {
  allowedRobotIds: readonly string[];
  allowedModels: readonly string[];
  /** Percent: a robot below it is left to charge. */
  minBattery: number;
}

/**
 * A robot on another floor rides a lift to come: it counts as this much farther than its straight distance, so a
 * robot on the caller's floor is preferred unless it is very far.
 */
export const OTHER_FLOOR_PENALTY_M = 100;

/** Why no robot could be sent, as counts of what ruled them out (for the call's timeline and the queue). */
export interface NoRobot {
  allowed: number;
  busy: number;
  lowBattery: number;
  offline: number;
}

/**
 * The robot to send to a call: online, idle, allowed, in the call's building, charged enough, answering no other
 * call; the nearest by straight distance on the same floor, robots of other floors after. `null` with the reasons
 * when none may go (the call then waits in the queue).
 */
export function pickRobot(
  point: CallPoint,
  robots: readonly CandidateRobot[],
  policy: AnswerPolicy,
): { robot: CandidateRobot; distanceM: number } | { robot: null; why: NoRobot } {
  const why: NoRobot = { allowed: 0, busy: 0, lowBattery: 0, offline: 0 };
  let best: { robot: CandidateRobot; distanceM: number; cost: number } | null = null;
  const anyRobot = policy.allowedRobotIds.length === 0 && policy.allowedModels.length === 0;
  for (const r of robots) {
    if (r.buildingId !== point.buildingId) continue;
    if (!anyRobot && !policy.allowedRobotIds.includes(r.id) && !policy.allowedModels.includes(r.model))
      continue;
    why.allowed++;
    if (!r.online || !r.position) {
      why.offline++;
      continue;
    }
    if (!r.idle || r.onCall) {
      why.busy++;
      continue;
    }
    if (r.battery !== null && r.battery < policy.minBattery) {
      why.lowBattery++;
      continue;
    }
    const distanceM = Math.hypot(r.position.x - point.x, r.position.y - point.y);
    const cost = r.position.mapId === point.floorId ? distanceM : distanceM + OTHER_FLOOR_PENALTY_M;
    if (!best || cost < best.cost || (cost === best.cost && r.name < best.robot.name))
      best = { robot: r, distanceM, cost };
  }
  return best ? { robot: best.robot, distanceM: best.distanceM } : { robot: null, why };
}
