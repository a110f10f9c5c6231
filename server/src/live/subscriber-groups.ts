import type { LiveFrames, LivePace } from '@fleet/contract';
import type { WebSocket } from 'ws';
import type { RobotFacts, RobotIdentity } from '../fleet/live-store.js';

export interface LiveFilter {
  buildingId?: string;
  floorId?: string;
}

export interface Subscriber {
  socket: WebSocket;
  token: string;
  companyId: string;
  filter: LiveFilter;
  /** How often a robot that only moved is sent to it (LIVE_PACES). */
  pace: LivePace;
  /** How its robots' changes are framed (LIVE_FRAMES). */
  frames: LiveFrames;
  /** Robots whose changes it missed while too much was unsent to it; they go with its next batch. */
  backlog: Pending | null;
}

/** Robots waiting to be sent, each with whether the browser needs its whole record or only its motion. */
export type Pending = Map<string, boolean>;

/** What a robot waits to send in a group: nothing, its motion, or its whole record. */
export const NOTHING = 0;
export const MOTION = 1;
export const WHOLE = 2;

/**
 * One robot in one group: what it waits to send, and its pace. Kept as one object per robot and group, so a
 * change and a send each look the robot up at most once (with 30,000 changes a second over 10,000 robots,
 * every lookup in a map that size was a few cache misses, and the pending set and the pace were two maps).
 */
export interface Pace {
  robotId: string;
  /** The robot and its facts (the store's, read in place) when it last changed: its motion is written from them. */
  identity: RobotIdentity;
  facts: RobotFacts;
  waiting: typeof NOTHING | typeof MOTION | typeof WHOLE;
  /** Whether it goes with its whole record this tick (set when it becomes due). */
  whole: boolean;
  /** Tick time (ms) from which it may go; it moves on by LIVE_FLUSH_MS with every send (see live-hub.ts). */
  dueAt: number;
  /** Tick time (ms) it was last sent at (0: never), for the `list` pace's motion. */
  sentAt: number;
}

/** Browsers of one company with the same filter, pace and frames: they get the very same batch, built once. */
export interface Group {
  companyId: string;
  filter: LiveFilter;
  pace: LivePace;
  frames: LiveFrames;
  subscribers: Set<Subscriber>;
  /** Every robot of the company heard since the group began, by its place in the store (RobotFacts.index). */
  paces: (Pace | undefined)[];
  /** The robots waiting to be sent, in the order they changed. */
  waiting: Pace[];
  /** How long its last batch was: the next one's buffer starts that large. */
  lastBatchBytes: number;
}

const keyOf = (f: LiveFilter, pace: LivePace, frames: LiveFrames) =>
  `${f.buildingId ?? ''}|${f.floorId ?? ''}|${pace}|${frames}`;

/**
 * The browsers on /live, grouped by company, filter and pace. Twenty operators watching the same fleet cost one
 * set of changed robots and one batch per tick, not twenty.
 */
export class SubscriberGroups {
  private readonly byCompany = new Map<string, Map<string, Group>>();
  private readonly groupOf = new Map<Subscriber, Group>();

  add(s: Subscriber): void {
    const groups = this.byCompany.get(s.companyId) ?? new Map<string, Group>();
    this.byCompany.set(s.companyId, groups);
    const key = keyOf(s.filter, s.pace, s.frames);
    let group = groups.get(key);
    if (!group) {
      group = {
        companyId: s.companyId,
        filter: s.filter,
        pace: s.pace,
        frames: s.frames,
        subscribers: new Set(),
        paces: [],
        waiting: [],
        lastBatchBytes: 0,
      };
      groups.set(key, group);
    }
    group.subscribers.add(s);
    this.groupOf.set(s, group);
  }

  remove(s: Subscriber): void {
    const group = this.groupOf.get(s);
    if (!group) return;
    this.groupOf.delete(s);
    group.subscribers.delete(s);
    if (group.subscribers.size) return;
    const groups = this.byCompany.get(s.companyId);
    groups?.delete(keyOf(group.filter, group.pace, group.frames));
    if (groups && !groups.size) this.byCompany.delete(s.companyId);
  }

  /**
   * A robot changed: every group of its company sends it when its turn comes. `whole`: more than its motion
   * changed, so its whole record goes.
   */
  changed(robot: RobotIdentity, facts: RobotFacts, whole: boolean): void {
    const groups = this.byCompany.get(robot.companyId);
    if (groups) for (const g of groups.values()) wait(g, robot, facts, whole);
  }

  *groups(): Iterable<Group> {
    for (const groups of this.byCompany.values()) yield* groups.values();
  }

  get size(): number {
    return this.groupOf.size;
  }

  /** How many groups there are (browsers with the same company and filter are one). */
  get groupCount(): number {
    let n = 0;
    for (const groups of this.byCompany.values()) n += groups.size;
    return n;
  }

  clear(): void {
    this.byCompany.clear();
    this.groupOf.clear();
  }
}

/** The robot waits to be sent in the group; once its whole record is needed, it stays needed until sent. */
function wait(g: Group, robot: RobotIdentity, facts: RobotFacts, whole: boolean): void {
  let p = g.paces[facts.index];
  // A place once held by a removed robot gets a pace of its own (the old one still goes, saying it left).
  if (!p || p.robotId !== robot.id) {
    p = { robotId: robot.id, identity: robot, facts, waiting: NOTHING, whole: false, dueAt: 0, sentAt: 0 };
    g.paces[facts.index] = p;
  }
  p.identity = robot;
  p.facts = facts;
  if (p.waiting === NOTHING) {
    g.waiting.push(p);
    p.waiting = whole ? WHOLE : MOTION;
  } else if (whole) p.waiting = WHOLE;
}

/** Adds a robot to a pending set; once its whole record is needed, it stays needed until sent. */
export function mark(pending: Pending, robotId: string, facts: boolean): void {
  if (facts) pending.set(robotId, true);
  else if (!pending.has(robotId)) pending.set(robotId, false);
}
