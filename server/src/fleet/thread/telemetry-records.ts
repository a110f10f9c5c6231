import type { LiveRobot } from '@fleet/contract';
import type { IngestSink } from '../ingest.js';
import { ACTION_FIELDS, ERROR_FIELDS, sameEntries } from '../live-entry.js';
import type { StateDigest } from '../vda/state-digest.js';

/*
 * How the ingest thread hands valid messages to the main thread. Reading structured-cloned objects back cost
 * the main thread more than the messages' own work, so a batch is numbers: one Float64Array, handed over
 * without a copy, holding record after record, each a kind followed by a fixed number of values. A robot is
 * its slot (a number the main thread gave it), text is an index into the batch's few `strings`, a state's
 * errors and action states an index into `lists`, and only when they differ from the robot's last state.
 *
 *   connection:    CONNECTION, slot, at, connectionState
 *   state:         STATE, slot, at, orderId, openNodes, driving, paused, operatingMode, battery, charging,
 *                  x, y, theta, mapId, vx, vy, omega, errors, actionStates
 *   visualization: VISUALIZATION, slot, at, x, y, theta, mapId, vx, vy, omega
 *
 * NONE (-1) stands for no string or list (no order, no position, a list as before); NaN for no velocity.
 * Booleans are 0 and 1.
 */

const CONNECTION = 1;
const STATE = 2;
const VISUALIZATION = 3;
const NONE = -1;
const SIZE = { [CONNECTION]: 4, [STATE]: 19, [VISUALIZATION]: 10 } as const;

type Connection = NonNullable<LiveRobot['connection']>;

/** One batch as it crosses between the threads. */
export interface RecordBatch {
  /** The records; only the first `length` values count. Transferred, not copied. */
  nums: Float64Array;
  length: number;
  strings: string[];
  lists: unknown[];
}

const INITIAL_CAPACITY = 8192;

/** Collects records as the ingest's sink; `take()` hands over what was collected and starts a new batch. */
export class RecordWriter implements IngestSink {
  private nums = new Float64Array(INITIAL_CAPACITY);
  private length = 0;
  private strings: string[] = [];
  private stringIndex = new Map<string, number>();
  private lists: unknown[] = [];
  /**
   * The lists each robot's last state carried, to leave unchanged ones out: by slot (an array, not a map by id: a
   * lookup in a map as large as the fleet was a cache miss or two on every state).
   */
  private readonly lastLists: Array<
    { errors: LiveRobot['errors']; actions: LiveRobot['actionStates'] } | undefined
  > = [];

  /** @param slotOf the robot's slot, given with its registration (when the ingest does not pass it). */
  constructor(private readonly slotOf: (robotId: string) => number | undefined) {}

  get size(): number {
    return this.length;
  }

  applyConnection(robotId: string, connection: Connection, at: number, known?: number): void {
    const slot = known ?? this.slotOf(robotId);
    if (slot === undefined) return;
    const o = this.reserve(SIZE[CONNECTION]);
    const n = this.nums;
    n[o] = CONNECTION;
    n[o + 1] = slot;
    n[o + 2] = at;
    n[o + 3] = this.string(connection);
  }

  applyState(robotId: string, s: StateDigest, at: number, known?: number): void {
    const slot = known ?? this.slotOf(robotId);
    if (slot === undefined) return;
    const last = this.lastLists[slot];
    const errorsSame = s.errors === null || (last && sameEntries(last.errors, s.errors, ERROR_FIELDS));
    const actionsSame =
      s.actionStates === null || (last && sameEntries(last.actions, s.actionStates, ACTION_FIELDS));
    // Kept when they changed (the same lists again leave the kept ones as good).
    if (s.errors && s.actionStates && !(errorsSame && actionsSame)) {
      // Filled up to the slot first, so the array stays a dense one however the slots come.
      while (this.lastLists.length <= slot) this.lastLists.push(undefined);
      this.lastLists[slot] = { errors: s.errors, actions: s.actionStates };
    }
    const p = s.position;
    const v = s.velocity;
    const o = this.reserve(SIZE[STATE]);
    const n = this.nums;
    n[o] = STATE;
    n[o + 1] = slot;
    n[o + 2] = at;
    n[o + 3] = s.orderId === null ? NONE : this.string(s.orderId);
    n[o + 4] = s.openNodes;
    n[o + 5] = s.driving ? 1 : 0;
    n[o + 6] = s.paused ? 1 : 0;
    n[o + 7] = this.string(s.operatingMode);
    n[o + 8] = s.battery;
    n[o + 9] = s.charging ? 1 : 0;
    this.writePose(o + 10, p, v);
    n[o + 17] = errorsSame ? NONE : this.list(s.errors);
    n[o + 18] = actionsSame ? NONE : this.list(s.actionStates);
  }

  applyVisualization(
    robotId: string,
    position: LiveRobot['position'] | undefined,
    velocity: LiveRobot['velocity'] | undefined,
    at: number,
    known?: number,
  ): void {
    const slot = known ?? this.slotOf(robotId);
    if (slot === undefined) return;
    const o = this.reserve(SIZE[VISUALIZATION]);
    const n = this.nums;
    n[o] = VISUALIZATION;
    n[o + 1] = slot;
    n[o + 2] = at;
    this.writePose(o + 3, position ?? null, velocity ?? null);
  }

  /**
   * The robot was registered again or removed: the main thread's store may no longer hold its lists, so its
   * next state sends them whole.
   */
  forget(slot: number | undefined): void {
    if (slot !== undefined && slot < this.lastLists.length) this.lastLists[slot] = undefined;
  }

  /** The batch so far; the writer starts a new one. */
  take(): RecordBatch {
    const batch = { nums: this.nums, length: this.length, strings: this.strings, lists: this.lists };
    this.nums = new Float64Array(Math.max(INITIAL_CAPACITY, this.length));
    this.length = 0;
    this.strings = [];
    this.stringIndex = new Map();
    this.lists = [];
    return batch;
  }

  /** x, y, theta, mapId, vx, vy, omega from `o`. */
  private writePose(o: number, p: LiveRobot['position'] | null, v: LiveRobot['velocity'] | null): void {
    const n = this.nums;
    n[o] = p ? p.x : 0;
    n[o + 1] = p ? p.y : 0;
    n[o + 2] = p ? p.theta : 0;
    n[o + 3] = p ? this.string(p.mapId) : NONE;
    n[o + 4] = v ? v.vx : Number.NaN;
    n[o + 5] = v ? v.vy : 0;
    n[o + 6] = v ? v.omega : 0;
  }

  private reserve(size: number): number {
    const o = this.length;
    if (o + size > this.nums.length) {
      const grown = new Float64Array(this.nums.length * 2);
      grown.set(this.nums.subarray(0, o));
      this.nums = grown;
    }
    this.length = o + size;
    return o;
  }

  private string(s: string): number {
    let i = this.stringIndex.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.stringIndex.set(s, i);
    }
    return i;
  }

  private list(l: unknown): number {
    return this.lists.push(l) - 1;
  }
}

/**
 * Applies a batch to the sink in the order the messages came; `idOf` turns a slot back into the robot's id.
 * The batch comes from our own thread, so its shape is trusted; a record of an unknown kind means the two
 * sides disagree, and stops the batch loudly. A record's position and velocity are the same two objects each
 * time, filled in for it: the sink copies what it keeps (the live store does), so a batch of thousands of
 * records leaves nothing behind for the collector.
 */
export function applyRecords(
  sink: IngestSink,
  batch: RecordBatch,
  idOf: (slot: number) => string | undefined,
): void {
  const { nums: n, length, strings, lists } = batch;
  const text = (i: number) => (i === NONE ? null : (strings[i] ?? null));
  const at = { x: 0, y: 0, theta: 0, mapId: '' };
  const speed = { vx: 0, vy: 0, omega: 0 };
  /** The position at `o` (x, y, theta, mapId) in `at`, or null when the message had none. */
  const position = (o: number) => {
    const mapId = text(n[o + 3] ?? NONE);
    if (mapId === null) return null;
    at.x = n[o] ?? 0;
    at.y = n[o + 1] ?? 0;
    at.theta = n[o + 2] ?? 0;
    at.mapId = mapId;
    return at;
  };
  /** The velocity at `o` (vx, vy, omega) in `speed`, or null when the message had none. */
  const velocity = (o: number) => {
    const vx = n[o] ?? Number.NaN;
    if (Number.isNaN(vx)) return null;
    speed.vx = vx;
    speed.vy = n[o + 1] ?? 0;
    speed.omega = n[o + 2] ?? 0;
    return speed;
  };
  let o = 0;
  while (o < length) {
    const kind = n[o];
    const robotId = idOf(n[o + 1] ?? NONE);
    const time = n[o + 2] ?? 0;
    switch (kind) {
      case CONNECTION:
        if (robotId) sink.applyConnection(robotId, text(n[o + 3] ?? NONE) as Connection, time);
        o += SIZE[CONNECTION];
        break;
      case STATE: {
        if (robotId) {
          const errors = n[o + 17] ?? NONE;
          const actions = n[o + 18] ?? NONE;
          sink.applyState(
            robotId,
            {
              orderId: text(n[o + 3] ?? NONE),
              openNodes: n[o + 4] ?? 0,
              driving: n[o + 5] === 1,
              paused: n[o + 6] === 1,
              operatingMode: text(n[o + 7] ?? NONE) ?? '',
              battery: n[o + 8] ?? 0,
              charging: n[o + 9] === 1,
              position: position(o + 10),
              velocity: velocity(o + 14),
              errors: errors === NONE ? null : (lists[errors] as LiveRobot['errors']),
              actionStates: actions === NONE ? null : (lists[actions] as LiveRobot['actionStates']),
            },
            time,
          );
        }
        o += SIZE[STATE];
        break;
      }
      case VISUALIZATION: {
        if (robotId)
          sink.applyVisualization(robotId, position(o + 3) ?? undefined, velocity(o + 7) ?? undefined, time);
        o += SIZE[VISUALIZATION];
        break;
      }
      default:
        throw new Error(`telemetry batch: unknown record kind ${String(kind)} at ${o}`);
    }
  }
}
