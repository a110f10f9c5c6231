import type { Pose } from './types.js';

/** Closer than this a node counts as reached; floating point never lands exactly on it. */
export const ARRIVAL_TOLERANCE_M = 0.005;
export const HEADING_TOLERANCE_RAD = 0.005;

export function wrapAngle(a: number): number {
  let r = a % (2 * Math.PI);
  if (r > Math.PI) r -= 2 * Math.PI;
  else if (r < -Math.PI) r += 2 * Math.PI;
  return r;
}

export interface MoveResult {
  /** Seconds of `dt` left over after arriving (0 when still on the way). */
  remaining: number;
  arrived: boolean;
  /** Metres driven in this call. */
  distance: number;
  /** Forward speed and turn rate during the last phase of the call, for `velocity`. */
  vx: number;
  omega: number;
}

/**
 * Moves `pose` towards (x, y) for at most `dt` seconds: turn on the spot to face the target, then drive
 * straight. A differential-drive robot does exactly this, and it keeps the path on the edge's straight line.
 * With `finalTheta` the robot turns to that heading once it is there.
 */
export function moveTowards(
  pose: Pose,
  x: number,
  y: number,
  finalTheta: number | undefined,
  dt: number,
  speed: number,
  turnRate: number,
): MoveResult {
  let t = dt;
  let distance = 0;
  let vx = 0;
  let omega = 0;
  const dx = x - pose.x;
  const dy = y - pose.y;
  const dist = Math.hypot(dx, dy);
  if (dist > ARRIVAL_TOLERANCE_M) {
    const turned = turnTo(pose, Math.atan2(dy, dx), t, turnRate);
    t -= turned.time;
    omega = turned.omega;
    if (t <= 0) return { remaining: 0, arrived: false, distance, vx, omega };
    const step = Math.min(dist, speed * t);
    pose.x += (dx / dist) * step;
    pose.y += (dy / dist) * step;
    distance = step;
    vx = speed;
    omega = 0;
    t -= step / speed;
    if (step < dist) return { remaining: 0, arrived: false, distance, vx, omega };
  }
  pose.x = x;
  pose.y = y;
  if (finalTheta !== undefined) {
    const turned = turnTo(pose, finalTheta, t, turnRate);
    t -= turned.time;
    if (turned.omega !== 0) {
      omega = turned.omega;
      vx = 0;
    }
    if (Math.abs(wrapAngle(finalTheta - pose.theta)) > HEADING_TOLERANCE_RAD) {
      return { remaining: 0, arrived: false, distance, vx, omega };
    }
  }
  return { remaining: Math.max(0, t), arrived: true, distance, vx, omega };
}

/** Turns towards `heading` for at most `dt`; returns the time spent and the signed turn rate used. */
function turnTo(pose: Pose, heading: number, dt: number, turnRate: number): { time: number; omega: number } {
  const diff = wrapAngle(heading - pose.theta);
  if (Math.abs(diff) <= HEADING_TOLERANCE_RAD) {
    pose.theta = wrapAngle(heading);
    return { time: 0, omega: 0 };
  }
  const needed = Math.abs(diff) / turnRate;
  const omega = Math.sign(diff) * turnRate;
  if (needed >= dt) {
    pose.theta = wrapAngle(pose.theta + omega * dt);
    return { time: dt, omega };
  }
  pose.theta = wrapAngle(heading);
  return { time: needed, omega };
}
