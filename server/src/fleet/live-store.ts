import type { LiveRobot } from '@fleet/contract';
import {
  ACTION_FIELDS,
  blank,
  type Entry,
  ERROR_FIELDS,
  matches,
  type RobotFacts,
  type RobotIdentity,
  sameEntries,
  toDto,
} from './live-entry.js';
import { robotStatusOf } from './robot-status.js';
import type { StateDigest } from './vda/state-digest.js';

export type { RobotFacts, RobotIdentity } from './live-entry.js';

/** What a message changed: the recorder keeps a sample for every change of the first four. */
export interface Change {
  robotId: string;
  status: boolean;
  connection: boolean;
  errors: boolean;
  order: boolean;
  /** How many nodes of its order the robot has left to go changed (within the same order). */
  progress: boolean;
  /**
   * Anything beyond where the robot is, how fast it goes, its battery and when it was last heard from: a
   * browser then needs the robot's whole record, not just its motion.
   */
  facts: boolean;
  /** The robot's registration was removed: it is no longer in the store, its facts are its last. */
  removed: boolean;
}

/** `facts`: the robot's facts after the change, read in place (see RobotFacts); a removed robot's last ones. */
export type ChangeListener = (robot: RobotIdentity, change: Change, facts: RobotFacts) => void;

/**
 * A robot only moved: a visualization message on the floor it was on (two messages in three at fleet scale). Change
 * listeners are not called for it; motion listeners (the browsers' motion, a task's distance) are, with its facts.
 */
export type MotionListener = (robot: RobotIdentity, facts: RobotFacts) => void;

/** A robot registered (or its registration edited), or removed: whoever routes messages to robots follows. */
export type RegistrationListener = (robot: RobotIdentity, registered: boolean) => void;

type ChangeFlags = Omit<Change, 'robotId'>;
const NO_CHANGE: ChangeFlags = {
  status: false,
  connection: false,
  errors: false,
  order: false,
  progress: false,
  facts: false,
  removed: false,
};
const ALL_FACTS: ChangeFlags = { ...NO_CHANGE, status: true, facts: true };
const IDENTITY_CHANGE: ChangeFlags = { ...NO_CHANGE, facts: true };
const REMOVED: ChangeFlags = { ...ALL_FACTS, removed: true };

/**
 * The latest state of every robot of this region, kept outside any request and any React tree: messages are
 * folded in as they come, readers take a snapshot when they need one.
 */
export class LiveStore {
  private readonly entries = new Map<string, Entry>();
  private readonly byTopicKey = new Map<string, string>();
  private readonly listeners = new Set<ChangeListener>();
  private readonly motionListeners = new Set<MotionListener>();
  private readonly registrationListeners = new Set<RegistrationListener>();
  /** Counts registrations and removals: whoever remembers robot ids by topic knows when to forget them. */
  registrations = 0;
  /** Places of removed robots, given to the next ones registered (see Entry.index). */
  private readonly freeIndexes: number[] = [];
  private nextIndex = 0;

  register(identity: RobotIdentity): void {
    const existing = this.entries.get(identity.id);
    if (existing) {
      this.byTopicKey.delete(key(existing.identity.manufacturer, existing.identity.serialNumber));
      existing.identity = identity;
    } else {
      this.entries.set(identity.id, blank(identity, this.freeIndexes.pop() ?? this.nextIndex++));
    }
    this.byTopicKey.set(key(identity.manufacturer, identity.serialNumber), identity.id);
    this.registrations++;
    for (const l of this.registrationListeners) l(identity, true);
    // A robot read again (its name, building… edited, or every robot after a lost link) is the same robot in the
    // same state: its record changes for the browsers, its status does not (no history sample of it).
    this.emit(identity.id, existing ? IDENTITY_CHANGE : ALL_FACTS);
  }

  unregister(robotId: string): void {
    const e = this.entries.get(robotId);
    if (!e) return;
    this.entries.delete(robotId);
    this.freeIndexes.push(e.index);
    this.byTopicKey.delete(key(e.identity.manufacturer, e.identity.serialNumber));
    this.registrations++;
    for (const l of this.registrationListeners) l(e.identity, false);
    this.emit(robotId, REMOVED, e);
  }

  idOf(manufacturer: string, serialNumber: string): string | undefined {
    return this.byTopicKey.get(key(manufacturer, serialNumber));
  }

  identity(robotId: string): RobotIdentity | undefined {
    return this.entries.get(robotId)?.identity;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears robots that only moved (see MotionListener); they are not changes. */
  onMotion(listener: MotionListener): () => void {
    this.motionListeners.add(listener);
    return () => this.motionListeners.delete(listener);
  }

  onRegistration(listener: RegistrationListener): () => void {
    this.registrationListeners.add(listener);
    return () => this.registrationListeners.delete(listener);
  }

  /** The robots placed in one building, identity and facts read in place (no copy): a call's dispatch asks often. */
  inBuilding(buildingId: string): ReadonlyArray<Readonly<Pick<Entry, 'identity'>> & RobotFacts> {
    const out: Entry[] = [];
    for (const e of this.entries.values()) if (e.identity.buildingId === buildingId) out.push(e);
    return out;
  }

  /** Every registered robot's identity. */
  identities(): RobotIdentity[] {
    return [...this.entries.values()].map((e) => e.identity);
  }

  applyConnection(robotId: string, connection: NonNullable<LiveRobot['connection']>, at: number): void {
    const e = this.entries.get(robotId);
    if (!e) return;
    const changed = e.connection !== connection;
    const wasStale = e.stale;
    e.connection = connection;
    e.lastSeenAt = at;
    e.stale = false;
    this.settle(e, changed, false, false, false, changed || wasStale);
  }

  applyState(robotId: string, s: StateDigest, at: number): void {
    const e = this.entries.get(robotId);
    if (!e) return;
    const errorsChanged = s.errors !== null && !sameEntries(e.errors, s.errors, ERROR_FIELDS);
    const actionsChanged =
      s.actionStates !== null && !sameEntries(e.actionStates, s.actionStates, ACTION_FIELDS);
    const orderChanged = s.orderId !== e.orderId;
    const progress = !orderChanged && s.openNodes !== e.openNodes;
    // A robot that sends state is connected, even if its retained connection message was lost.
    const connectionChanged = e.connection !== 'ONLINE';
    let facts =
      errorsChanged ||
      actionsChanged ||
      orderChanged ||
      connectionChanged ||
      e.stale ||
      e.charging !== s.charging ||
      e.driving !== s.driving ||
      e.paused !== s.paused ||
      e.operatingMode !== s.operatingMode;
    if (s.position) facts = this.move(e, s.position) || facts;
    if (s.velocity) setVelocity(e, s.velocity);
    e.battery = s.battery;
    e.charging = s.charging;
    e.driving = s.driving;
    e.paused = s.paused;
    e.operatingMode = s.operatingMode;
    e.orderId = s.orderId;
    e.openNodes = s.openNodes;
    // The digest's lists are its own copies: kept as they are.
    if (errorsChanged && s.errors) e.errors = s.errors;
    if (actionsChanged && s.actionStates) e.actionStates = s.actionStates;
    e.lastSeenAt = at;
    e.stale = false;
    e.connection = 'ONLINE';
    this.settle(e, connectionChanged, errorsChanged, orderChanged, progress, facts);
  }

  applyVisualization(
    robotId: string,
    /** Copied (only x, y, theta and mapId are kept), as is the velocity: the caller may reuse both. */
    position: LiveRobot['position'] | undefined,
    velocity: LiveRobot['velocity'] | undefined,
    at: number,
  ): void {
    const e = this.entries.get(robotId);
    if (!e) return;
    if (velocity) setVelocity(e, velocity);
    e.lastSeenAt = at;
    // Moved on its floor (or stood still), neither stale nor new: motion, which changes nothing else (the status
    // does not depend on it), so no change listener needs it.
    if (!e.stale && e.position && (!position || position.mapId === e.position.mapId)) {
      if (position) this.move(e, position);
      for (const l of this.motionListeners) l(e.identity, e);
      return;
    }
    let facts = e.stale;
    if (position) facts = this.move(e, position) || facts;
    e.stale = false;
    this.settle(e, false, false, false, false, facts);
  }

  /** Marks robots silent for longer than their expected interval; call about once a second. */
  sweepStale(now: number): void {
    for (const e of this.entries.values()) {
      const stale =
        e.connection === 'ONLINE' &&
        e.lastSeenAt !== null &&
        now - e.lastSeenAt > e.identity.expectedIntervalMs;
      if (stale !== e.stale) {
        e.stale = stale;
        this.emit(e.identity.id, STALE_CHANGE, e);
      }
    }
  }

  /** How far the robot is with its order: what command tracking needs beyond the browser's view. */
  progress(robotId: string): { orderId: string | null; openNodes: number; driving: boolean } | undefined {
    const e = this.entries.get(robotId);
    return e && { orderId: e.orderId, openNodes: e.openNodes, driving: e.driving };
  }

  /**
   * The robot's facts without building its DTO: a change listener runs for every message (30,000 a second at
   * 10,000 robots), where a DTO with its ISO date each time cost more than the message itself.
   */
  facts(robotId: string): RobotFacts | undefined {
    return this.entries.get(robotId);
  }

  get(robotId: string): LiveRobot | undefined {
    const e = this.entries.get(robotId);
    return e && toDto(e);
  }

  /** Every robot of one company, optionally on one building or floor. */
  list(companyId: string, filter: { buildingId?: string; floorId?: string } = {}): LiveRobot[] {
    const out: LiveRobot[] = [];
    for (const e of this.entries.values())
      if (matches(e.identity, e.position, companyId, filter)) out.push(toDto(e));
    return out;
  }

  /** The robot's facts (read in place) if it is one of the company's and within the filter: one lookup. */
  factsIn(
    robotId: string,
    companyId: string,
    filter: { buildingId?: string; floorId?: string },
  ): RobotFacts | undefined {
    const e = this.entries.get(robotId);
    return e && matches(e.identity, e.position, companyId, filter) ? e : undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Whether the robot changed floors. On its floor, its position is updated in place (see RobotFacts) and the way
   * from the last one is added to what it travelled.
   */
  private move(e: Entry, p: { x: number; y: number; theta: number; mapId: string }): boolean {
    const at = e.position;
    if (at !== null && at.mapId === p.mapId) {
      const dx = p.x - at.x;
      const dy = p.y - at.y;
      e.travelledM += Math.sqrt(dx * dx + dy * dy);
      at.x = p.x;
      at.y = p.y;
      at.theta = p.theta;
      return false;
    }
    e.position = { x: p.x, y: p.y, theta: p.theta, mapId: p.mapId };
    return true;
  }

  private settle(
    e: Entry,
    connection: boolean,
    errors: boolean,
    order: boolean,
    progress: boolean,
    facts: boolean,
  ): void {
    const status = robotStatusOf({
      connection: e.connection,
      hasFatalError: e.errors.some((x) => x.errorLevel === 'FATAL'),
      paused: e.paused,
      charging: e.charging,
      driving: e.driving,
      openNodes: e.openNodes,
    });
    const statusChanged = status !== e.status;
    e.status = status;
    const change: Change = {
      robotId: e.identity.id,
      status: statusChanged,
      connection,
      errors,
      order,
      progress,
      facts: facts || statusChanged,
      removed: false,
    };
    for (const l of this.listeners) l(e.identity, change, e);
  }

  /** `entry`: the robot's, when the caller has it (a removed robot's is no longer in the store). */
  private emit(robotId: string, flags: ChangeFlags, entry?: Entry): void {
    const e = entry ?? this.entries.get(robotId);
    if (!e) return;
    const change: Change = { robotId, ...flags };
    for (const l of this.listeners) l(e.identity, change, e);
  }
}

/** The robot's velocity, copied into the one it has (see RobotFacts). */
function setVelocity(e: Entry, v: NonNullable<LiveRobot['velocity']>): void {
  const to = e.velocity;
  if (to === null) {
    e.velocity = { vx: v.vx, vy: v.vy, omega: v.omega };
    return;
  }
  to.vx = v.vx;
  to.vy = v.vy;
  to.omega = v.omega;
}

const STALE_CHANGE: ChangeFlags = { ...NO_CHANGE, facts: true };

const key = (manufacturer: string, serialNumber: string) => `${manufacturer}/${serialNumber}`;
