import type { LiveRobot } from '@fleet/contract';

/** Where a robot is drawn: metres and radians on its floor. */
export interface Pose {
  x: number;
  y: number;
  theta: number;
}

/** What the glide reads of the live fleet, by slot (FleetStore). */
export interface PoseSource {
  changeAt(slot: number): number;
  recordAt(slot: number): LiveRobot | undefined;
  xAt(slot: number): number;
  yAt(slot: number): number;
  thetaAt(slot: number): number;
}

/** A glide never lasts longer than this: a robot that reports seldom reaches its reported place, then waits. */
const MAX_GLIDE_MS = 500;
/** Nor shorter: at ~5 updates a second per robot, each glide lasts about until the next update. */
const MIN_GLIDE_MS = 150;
/** A robot that moved further than this between two updates was relocated, not driven: it jumps. */
const JUMP_M = 5;

/** Per slot: from x, y, theta, to x, y, theta, started at, lasting (ms). */
const G = 8;

/**
 * Robots glide on the map from where they are drawn to where they were last reported, instead of hopping a
 * few times a second: each new position starts a glide lasting about as long as the robot's last interval
 * between updates (150–500 ms), so a robot reporting steadily moves without a pause and is drawn at most one
 * interval behind its report. A first position, a change of floor and a jump of more than 5 m are shown at
 * once. With `enabled` off (the user prefers reduced motion), every position is shown at once.
 *
 * Tracks live in typed arrays by the store's slots: thousands of robots gliding cost no object per frame.
 */
export class MotionGlide {
  private glides = new Float64Array(0);
  private seen = new Float64Array(0);
  /** Which robot (id) on which floor each slot's track is for; undefined when untracked. */
  private ids: (string | undefined)[] = [];
  private mapIds: (string | undefined)[] = [];
  private marks = new Uint32Array(0);
  private epoch = 0;
  /** No glide runs past this time. */
  private until = 0;
  private readonly scratch: Pose = { x: 0, y: 0, theta: 0 };

  constructor(private readonly enabled = true) {}

  /** Takes the robots now on the map (their slots); call when the fleet changed. Others are forgotten. */
  update(source: PoseSource, slots: readonly number[], now: number): void {
    this.epoch += 1;
    let until = 0;
    for (const slot of slots) {
      this.grow(slot + 1);
      this.marks[slot] = this.epoch;
      const change = source.changeAt(slot);
      const record = source.recordAt(slot);
      if (!record?.position) {
        this.ids[slot] = undefined;
        continue;
      }
      if (this.ids[slot] !== record.id || this.seen[slot] !== change) {
        this.seen[slot] = change;
        this.track(slot, record.id, record.position.mapId, source, now);
      }
      until = Math.max(until, (this.glides[slot * G + 6] ?? 0) + (this.glides[slot * G + 7] ?? 0));
    }
    // Only the robots still on the map keep it drawing.
    this.until = until;
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (this.marks[slot] !== this.epoch) this.ids[slot] = undefined;
    }
  }

  /**
   * Where the slot's robot is drawn at `now`, written into `out` (one object reused for thousands of robots);
   * false when it is not tracked.
   */
  poseInto(slot: number, now: number, out: Pose): boolean {
    if (this.ids[slot] === undefined) return false;
    const g = this.glides;
    const o = slot * G;
    const duration = g[o + 7] ?? 0;
    const k = duration === 0 ? 1 : Math.min(1, Math.max(0, (now - (g[o + 6] ?? 0)) / duration));
    const fx = g[o] ?? 0;
    const fy = g[o + 1] ?? 0;
    const ft = g[o + 2] ?? 0;
    const tx = g[o + 3] ?? 0;
    const ty = g[o + 4] ?? 0;
    const tt = g[o + 5] ?? 0;
    if (k === 1) {
      out.x = tx;
      out.y = ty;
      out.theta = tt;
    } else {
      out.x = fx + (tx - fx) * k;
      out.y = fy + (ty - fy) * k;
      out.theta = ft + shortestTurn(ft, tt) * k;
    }
    return true;
  }

  /** Whether some robot is still on its way, so the map must be drawn again at the next frame. */
  gliding(now: number): boolean {
    return now < this.until;
  }

  private track(slot: number, id: string, mapId: string, source: PoseSource, now: number): void {
    const g = this.glides;
    const o = slot * G;
    const x = source.xAt(slot);
    const y = source.yAt(slot);
    const theta = source.thetaAt(slot);
    const known = this.ids[slot] === id && this.mapIds[slot] === mapId;
    this.ids[slot] = id;
    this.mapIds[slot] = mapId;
    const tx = g[o + 3] ?? 0;
    const ty = g[o + 4] ?? 0;
    if (!known || !this.enabled || Math.hypot(x - tx, y - ty) > JUMP_M) {
      this.put(o, x, y, theta, x, y, theta, now, 0);
      return;
    }
    if (x === tx && y === ty && theta === g[o + 5]) return;
    const from = this.scratch;
    this.poseInto(slot, now, from);
    const duration = Math.min(MAX_GLIDE_MS, Math.max(MIN_GLIDE_MS, now - (g[o + 6] ?? 0)));
    this.put(o, from.x, from.y, from.theta, x, y, theta, now, duration);
  }

  private put(o: number, ...values: [number, number, number, number, number, number, number, number]): void {
    for (let k = 0; k < G; k++) this.glides[o + k] = values[k] ?? 0;
  }

  private grow(slots: number): void {
    if (this.seen.length >= slots) return;
    const capacity = Math.max(slots, this.seen.length * 2, 64);
    const glides = new Float64Array(capacity * G);
    glides.set(this.glides);
    this.glides = glides;
    const seen = new Float64Array(capacity).fill(-1);
    seen.set(this.seen);
    this.seen = seen;
    const marks = new Uint32Array(capacity);
    marks.set(this.marks);
    this.marks = marks;
  }
}

/** The turn from `a` to `b` the short way round, in (−π, π]. */
export function shortestTurn(a: number, b: number): number {
  const d = (b - a) % (2 * Math.PI);
  if (d > Math.PI) return d - 2 * Math.PI;
  if (d <= -Math.PI) return d + 2 * Math.PI;
  return d;
}
