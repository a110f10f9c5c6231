import type { LiveRobot, LiveServerMessage } from '@fleet/contract';
import { type FleetDelta, FleetFold, MOTION_STRIDE } from './fleet-fold';
import { sameListingFields } from './listing-fields';

type Listener = () => void;
type Schedule = (flush: () => void) => void;

/** In the browser one flush per animation frame; tests pass their own. */
const nextFrame: Schedule = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
};

/** Per slot: x, y, theta, vx, vy, omega, battery, lastSeenAt (ms) of the robot's latest motion. */
const M = 8;

/**
 * The latest state of every robot the browser is subscribed to, kept outside React (see STYLE.md, "Live data in
 * React"). Changes come as deltas (folded from /live in a worker, or here by `receive` where there is none) and
 * are applied once per animation frame, however many arrive; readers compare `version` to know whether anything
 * changed since they last looked.
 *
 * A robot that only moved keeps its record; its motion sits in typed arrays beside it, so thousands of moving
 * robots cost no object each per update. The map reads poses by slot (`xAt`…); the record with the motion
 * applied (`get`, `list`) is made when asked for and kept until the robot changes again.
 */
export class FleetStore {
  private readonly listeners = new Set<Listener>();
  private readonly fold = new FleetFold();
  private folded = false;
  private queued: FleetDelta[] = [];
  private scheduled = false;
  private readonly ids = new Map<string, number>();
  private records: (LiveRobot | undefined)[] = [];
  private merged: (LiveRobot | undefined)[] = [];
  private motion = new Float64Array(0);
  private moved = new Uint8Array(0);
  private changes = new Uint32Array(0);
  private listCache: { version: number; list: LiveRobot[] } | null = null;
  private listingCache: { version: number; list: LiveRobot[] } | null = null;
  private _version = 0;
  private _listingVersion = 0;
  private _ready = false;
  /** A robot came, went or changed its listing fields since the last bump. */
  private listingChanged = false;

  constructor(private readonly schedule: Schedule = nextFrame) {}

  /** Bumped on every applied batch. */
  get version(): number {
    return this._version;
  }

  /**
   * Bumped only when a robot comes, goes or changes what lists order, filter and count robots by
   * (`sameListingFields`): a table of thousands of moving robots sorts again only then.
   */
  get listingVersion(): number {
    return this._listingVersion;
  }

  /** A snapshot has arrived since the store was created or cleared. */
  get ready(): boolean {
    return this._ready;
  }

  /** A /live message, folded here (where no worker does it). */
  receive(message: LiveServerMessage): void {
    if (!this.fold.receive(message)) return;
    this.folded = true;
    this.later();
  }

  /** A delta folded elsewhere (the live worker). */
  take(delta: FleetDelta): void {
    this.queued.push(delta);
    this.later();
  }

  /** Applies everything received since the last flush; normally called by the scheduler. */
  flush(): void {
    this.scheduled = false;
    const deltas = this.queued;
    this.queued = [];
    if (this.folded) {
      this.folded = false;
      const own = this.fold.take();
      if (own) deltas.push(own);
    }
    if (deltas.length === 0) return;
    for (const delta of deltas) this.apply(delta);
    this.bump();
  }

  /** Forgets everything, e.g. when the subscription changes company. */
  clear(): void {
    this.queued = [];
    this.fold.clear();
    this.fold.take();
    this.forgetAll();
    this._ready = false;
    this.bump();
  }

  get(id: string): LiveRobot | undefined {
    const slot = this.ids.get(id);
    return slot === undefined ? undefined : this.robotAt(slot);
  }

  /** Every robot, the same array until the next change (safe as a React external-store snapshot). */
  list(): LiveRobot[] {
    if (this.listCache?.version !== this._version) {
      const list: LiveRobot[] = [];
      for (let slot = 0; slot < this.records.length; slot++) {
        const robot = this.robotAt(slot);
        if (robot) list.push(robot);
      }
      this.listCache = { version: this._version, list };
    }
    return this.listCache.list;
  }

  /**
   * Every robot's record as last sent whole, without its latest motion (position, battery, last seen), the same
   * array until `listingVersion` changes: enough to order, filter and count robots, not to show them.
   */
  listing(): LiveRobot[] {
    if (this.listingCache?.version !== this._listingVersion) {
      const list: LiveRobot[] = [];
      for (const record of this.records) if (record) list.push(record);
      this.listingCache = { version: this._listingVersion, list };
    }
    return this.listingCache.list;
  }

  get size(): number {
    return this.ids.size;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Slots run from 0 to below this; some may be empty. */
  get slotCount(): number {
    return this.records.length;
  }

  slotOf(id: string): number | undefined {
    return this.ids.get(id);
  }

  /** The robot's record as last sent whole (its position may be older than `xAt`…): for what is not motion. */
  recordAt(slot: number): LiveRobot | undefined {
    return this.records[slot];
  }

  /** Counts every change of the slot's robot: a reader that saw the same count has nothing new to look at. */
  changeAt(slot: number): number {
    return this.changes[slot] ?? 0;
  }

  /** Where the slot's robot is now (its latest motion, else its record's position); NaN without a position. */
  xAt(slot: number): number {
    return this.moved[slot]
      ? (this.motion[slot * M] ?? Number.NaN)
      : (this.records[slot]?.position?.x ?? Number.NaN);
  }

  yAt(slot: number): number {
    return this.moved[slot]
      ? (this.motion[slot * M + 1] ?? Number.NaN)
      : (this.records[slot]?.position?.y ?? Number.NaN);
  }

  thetaAt(slot: number): number {
    return this.moved[slot]
      ? (this.motion[slot * M + 2] ?? Number.NaN)
      : (this.records[slot]?.position?.theta ?? Number.NaN);
  }

  /** A robot that moved since its record was sent has been heard from: it is not stale. */
  staleAt(slot: number): boolean {
    return !this.moved[slot] && (this.records[slot]?.stale ?? false);
  }

  /** The robot's record with its latest motion applied. */
  robotAt(slot: number): LiveRobot | undefined {
    const record = this.records[slot];
    if (!record || !this.moved[slot] || !record.position) return record;
    const cached = this.merged[slot];
    if (cached) return cached;
    const m = this.motion;
    const o = slot * M;
    const num = (k: number) => {
      const v = m[o + k] ?? Number.NaN;
      return Number.isNaN(v) ? null : v;
    };
    const vx = num(3);
    const vy = num(4);
    const omega = num(5);
    const robot: LiveRobot = {
      ...record,
      position: { mapId: record.position.mapId, x: m[o] ?? 0, y: m[o + 1] ?? 0, theta: m[o + 2] ?? 0 },
      velocity: vx === null || vy === null || omega === null ? null : { vx, vy, omega },
      battery: num(6),
      stale: false,
      lastSeenAt: new Date(m[o + 7] ?? 0).toISOString(),
    };
    this.merged[slot] = robot;
    return robot;
  }

  private bump(): void {
    this._version += 1;
    if (this.listingChanged) this._listingVersion += 1;
    this.listingChanged = false;
    for (const listener of this.listeners) listener();
  }

  private later(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  private apply(delta: FleetDelta): void {
    if (delta.reset) {
      this.forgetAll();
      this._ready = true;
    }
    for (const slot of delta.removed) {
      const record = this.records[slot];
      if (!record) continue;
      this.listingChanged = true;
      if (this.ids.get(record.id) === slot) this.ids.delete(record.id);
      this.records[slot] = undefined;
      this.touch(slot);
    }
    for (let i = 0; i < delta.records.length; i++) {
      const robot = delta.records[i];
      const slot = delta.recordSlots[i];
      if (!robot || slot === undefined) continue;
      this.grow(slot + 1);
      const previous = this.records[slot];
      if (previous && previous.id !== robot.id && this.ids.get(previous.id) === slot)
        this.ids.delete(previous.id);
      if (!previous || !sameListingFields(previous, robot)) this.listingChanged = true;
      this.records[slot] = robot;
      this.ids.set(robot.id, slot);
      this.touch(slot);
    }
    const d = delta.motion;
    for (let i = 0; i + MOTION_STRIDE <= d.length; i += MOTION_STRIDE) {
      const slot = d[i] ?? -1;
      if (!this.records[slot]?.position) continue;
      this.motion.set(d.subarray(i + 1, i + MOTION_STRIDE), slot * M);
      this.touch(slot);
      this.moved[slot] = 1;
    }
  }

  /** The slot's robot changed: its merged record is stale and readers see a new count. */
  private touch(slot: number): void {
    this.moved[slot] = 0;
    this.merged[slot] = undefined;
    this.changes[slot] = (this.changes[slot] ?? 0) + 1;
  }

  private forgetAll(): void {
    this.listingChanged = true;
    for (let slot = 0; slot < this.records.length; slot++) {
      if (this.records[slot]) this.touch(slot);
    }
    this.records = [];
    this.merged = [];
    this.ids.clear();
  }

  private grow(slots: number): void {
    if (this.records.length < slots) this.records.length = slots;
    if (this.changes.length >= slots) return;
    const capacity = Math.max(slots, this.changes.length * 2, 64);
    const motion = new Float64Array(capacity * M);
    motion.set(this.motion);
    this.motion = motion;
    const moved = new Uint8Array(capacity);
    moved.set(this.moved);
    this.moved = moved;
    const changes = new Uint32Array(capacity);
    changes.set(this.changes);
    this.changes = changes;
  }
}
