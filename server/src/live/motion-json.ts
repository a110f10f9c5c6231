import type { RobotFacts } from '../fleet/live-store.js';

const mm = (v: number) => Math.round(v * 1000) / 1000;

/**
 * A robot's motion as the contract's `liveMotion` tuple, written as JSON by hand: this runs for thousands of
 * robots five times a second, and a template is several times cheaper than building an array to stringify.
 * Null when the robot has no position yet (its whole record goes instead); no speed reported is three nulls.
 */
export function motionJson(robotId: string, f: RobotFacts): string | null {
  const p = f.position;
  const v = f.velocity;
  if (!p || f.lastSeenAt === null) return null;
  const speed = v ? `${mm(v.vx)},${mm(v.vy)},${mm(v.omega)}` : 'null,null,null';
  const battery = f.battery === null ? 'null' : String(Math.round(f.battery * 10) / 10);
  return `["${robotId}",${mm(p.x)},${mm(p.y)},${mm(p.theta)},${speed},${battery},${f.lastSeenAt}]`;
}
