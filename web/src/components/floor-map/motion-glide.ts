import type { LiveRobot } from '@fleet/contract';

/** Where a robot is drawn: metres and radians on its floor. */
export interface Pose {
  x: number;
  y: number;
  theta: number;
}

/** A glide never lasts longer than this: a robot that reports seldom reaches its reported place, then waits. */
const MAX_GLIDE_MS = 500;
/** Nor shorter: at ~5 updates a second per robot, each glide lasts about until the next update. */
const MIN_GLIDE_MS = 150;
/** A robot that moved further than this between two updates was relocated, not driven: it jumps. */
const JUMP_M = 5;

interface Track {
  /** The record last seen, to notice a new one (the live store replaces a robot's record when it changes). */
  record: LiveRobot;
  mapId: string;
  from: Pose;
  to: Pose;
  startedAt: number;
  durationMs: number;
}

/**
 * Robots glide on the map from where they are drawn to where they were last reported, instead of hopping a
 * few times a second: each new position starts a glide lasting about as long as the robot's last interval
 * between updates (150–500 ms), so a robot reporting steadily moves without a pause and is drawn at most one
 * interval behind its report. A first position, a change of floor and a jump of more than 5 m are shown at
 * once. With `enabled` off (the user prefers reduced motion), every position is shown at once.
 */
export class MotionGlide {
  private tracks = new Map<string, Track>();

  constructor(private readonly enabled = true) {}

  /** Takes the robots now on the map; call when the fleet changed. */
  update(robots: readonly LiveRobot[], now: number): void {
    const next = new Map<string, Track>();
    for (const robot of robots) {
      const p = robot.position;
      if (!p) continue;
      const track = this.tracks.get(robot.id);
      if (track?.record === robot) {
        next.set(robot.id, track);
        continue;
      }
      const to = { x: p.x, y: p.y, theta: p.theta };
      if (
        !track ||
        !this.enabled ||
        track.mapId !== p.mapId ||
        Math.hypot(to.x - track.to.x, to.y - track.to.y) > JUMP_M
      ) {
        next.set(robot.id, { record: robot, mapId: p.mapId, from: to, to, startedAt: now, durationMs: 0 });
        continue;
      }
      const moved = to.x !== track.to.x || to.y !== track.to.y || to.theta !== track.to.theta;
      if (!moved) {
        next.set(robot.id, { ...track, record: robot });
        continue;
      }
      next.set(robot.id, {
        record: robot,
        mapId: p.mapId,
        from: this.poseAt(track, now),
        to,
        startedAt: now,
        durationMs: Math.min(MAX_GLIDE_MS, Math.max(MIN_GLIDE_MS, now - track.startedAt)),
      });
    }
    this.tracks = next;
  }

  /** Where the robot is drawn at `now`; its reported position when it is not tracked. */
  poseOf(robot: LiveRobot, now: number): Pose | null {
    const track = this.tracks.get(robot.id);
    if (track) return this.poseAt(track, now);
    return robot.position;
  }

  /** Whether some robot is still on its way, so the map must be drawn again at the next frame. */
  gliding(now: number): boolean {
    for (const t of this.tracks.values()) if (now - t.startedAt < t.durationMs) return true;
    return false;
  }

  private poseAt(t: Track, now: number): Pose {
    const k = t.durationMs === 0 ? 1 : Math.min(1, Math.max(0, (now - t.startedAt) / t.durationMs));
    if (k === 1) return t.to;
    return {
      x: t.from.x + (t.to.x - t.from.x) * k,
      y: t.from.y + (t.to.y - t.from.y) * k,
      theta: t.from.theta + shortestTurn(t.from.theta, t.to.theta) * k,
    };
  }
}

/** The turn from `a` to `b` the short way round, in (−π, π]. */
export function shortestTurn(a: number, b: number): number {
  const d = (b - a) % (2 * Math.PI);
  if (d > Math.PI) return d - 2 * Math.PI;
  if (d <= -Math.PI) return d + 2 * Math.PI;
  return d;
}
