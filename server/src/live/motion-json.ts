import type { RobotFacts } from '../fleet/live-store.js';

/**
 * `v` rounded to the millimetre, as JSON writes that number. Done on the integer count of millimetres:
 * writing a fraction took twice as long (the browsers' motion is thousands of these a tick). Beyond ±2,000 km
 * (no floor is that big) the plain way.
 */
export function mmJson(v: number): string {
  const n = Math.round(v * 1000);
  const a = n < 0 ? -n : n;
  if (!(a < 2 ** 31)) return String(n / 1000);
  const whole = (a / 1000) | 0;
  const f = a - whole * 1000;
  const sign = n < 0 ? '-' : '';
  if (f === 0) return `${sign}${whole}`;
  if (f % 100 === 0) return `${sign}${whole}.${f / 100}`;
  if (f % 10 === 0) return `${sign}${whole}.${f < 100 ? '0' : ''}${f / 10}`;
  return `${sign}${whole}.${f < 10 ? '00' : f < 100 ? '0' : ''}${f}`;
}

/**
 * A robot's motion as the contract's `liveMotion` tuple, written as JSON by hand: this runs for thousands of
 * robots five times a second, and a template is several times cheaper than building an array to stringify.
 * Null when the robot has no position yet (its whole record goes instead); no speed reported is three nulls.
 */
export function motionJson(robotId: string, f: RobotFacts): string | null {
  const p = f.position;
  const v = f.velocity;
  if (!p || f.lastSeenAt === null) return null;
  const speed = v ? `${mmJson(v.vx)},${mmJson(v.vy)},${mmJson(v.omega)}` : 'null,null,null';
  const battery = f.battery === null ? 'null' : String(Math.round(f.battery * 10) / 10);
  return `["${robotId}",${mmJson(p.x)},${mmJson(p.y)},${mmJson(p.theta)},${speed},${battery},${f.lastSeenAt}]`;
}
