import type { LiveMotion, LiveRobot, LiveServerMessage } from '@fleet/contract';

/**
 * Numbers per robot in `FleetDelta.motion`: slot, x, y, theta, vx, vy, omega, battery, lastSeenAt in epoch ms
 * (NaN where /live sent null).
 */
export const MOTION_STRIDE = 9;

/**
 * What changed in the fleet since the last delta, compact enough to cross from a worker to the page without
 * one object per moving robot: each robot has a slot (a small number, kept until it is removed), robots that
 * only moved are numbers in one Float64Array (transferable), and whole records come only for robots that
 * changed otherwise. Applied in order: reset, removed, records, motion.
 */
export interface FleetDelta {
  /** A snapshot arrived: every robot known before is gone. */
  reset: boolean;
  removed: number[];
  records: LiveRobot[];
  /** The slot of each record, index for index. */
  recordSlots: number[];
  motion: Float64Array;
}

/**
 * Folds /live's robot messages into deltas: a snapshot replaces everything, a robot sent whole replaces its
 * record, a motion tuple moves a robot already known with a position, a removed robot goes. Between two
 * `take`s only the latest of each robot is kept, so a slow reader gets one delta, not a backlog. A slot freed
 * is reused only after the delta that frees it has been taken.
 */
export class FleetFold {
  private readonly slots = new Map<string, number>();
  /** Whether the robot in a slot has a position (a motion for one without is ignored, as before). */
  private readonly placed: boolean[] = [];
  private free: number[] = [];
  private freedSinceTake: number[] = [];
  private nextSlot = 0;
  private reset = false;
  private removed: number[] = [];
  private readonly records = new Map<number, LiveRobot>();
  private readonly motion = new Map<number, LiveMotion>();

  /** Takes a robot message and says whether it was one (lifts', devices', pongs and errors are not). */
  receive(message: LiveServerMessage): boolean {
    if (message.type === 'snapshot') {
      this.clear();
      this.reset = true;
      for (const robot of message.robots) this.record(robot);
      return true;
    }
    if (message.type !== 'changes') return false;
    for (const robot of message.robots) this.record(robot);
    // Older servers sent whole records only.
    for (const m of message.moved ?? []) {
      const slot = this.slots.get(m[0]);
      if (slot !== undefined && this.placed[slot]) this.motion.set(slot, m);
    }
    for (const id of message.removed) this.remove(id);
    return true;
  }

  /** What changed since the last call, or null when nothing did. */
  take(): FleetDelta | null {
    this.free.push(...this.freedSinceTake);
    this.freedSinceTake = [];
    if (!this.reset && this.removed.length === 0 && this.records.size === 0 && this.motion.size === 0) {
      return null;
    }
    const motion = new Float64Array(this.motion.size * MOTION_STRIDE);
    let i = 0;
    for (const [slot, m] of this.motion) {
      motion[i] = slot;
      // Past the id every entry is a number or null.
      for (let k = 1; k < MOTION_STRIDE; k++) motion[i + k] = (m[k] as number | null) ?? Number.NaN;
      i += MOTION_STRIDE;
    }
    const delta: FleetDelta = {
      reset: this.reset,
      removed: this.removed,
      records: [...this.records.values()],
      recordSlots: [...this.records.keys()],
      motion,
    };
    this.reset = false;
    this.removed = [];
    this.records.clear();
    this.motion.clear();
    return delta;
  }

  /** Forgets every robot (the next delta says reset). */
  clear(): void {
    this.slots.clear();
    this.placed.length = 0;
    this.free = [];
    this.freedSinceTake = [];
    this.nextSlot = 0;
    this.removed = [];
    this.records.clear();
    this.motion.clear();
    this.reset = true;
  }

  private record(robot: LiveRobot): void {
    let slot = this.slots.get(robot.id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.nextSlot++;
      this.slots.set(robot.id, slot);
    }
    this.placed[slot] = robot.position !== null;
    this.records.set(slot, robot);
    // A record sent after a motion in the same window is the newer state.
    this.motion.delete(slot);
  }

  private remove(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    this.slots.delete(id);
    this.placed[slot] = false;
    this.records.delete(slot);
    this.motion.delete(slot);
    this.removed.push(slot);
    this.freedSinceTake.push(slot);
  }
}
