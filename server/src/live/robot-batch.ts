import { matches } from '../fleet/live-entry.js';
import type { LiveStore, RobotFacts } from '../fleet/live-store.js';
import { hasMotion, JsonBytes } from './json-bytes.js';
import type { Group, Pace, Pending } from './subscriber-groups.js';

/* A group's batch of robot changes for one tick, as the live hub sends it to every browser of the group. */

const COMMA = 0x2c;

/** A robot going in a batch: with its identity and facts, or (null) only its id, to be looked up. */
export interface Due {
  robotId: string;
  whole: boolean;
  identity: Pace['identity'] | null;
  facts: RobotFacts | null;
}

/**
 * The facts of a robot that only moved if it is still in the group's view (null when it left it: another floor
 * or building), or undefined when they must be looked up.
 */
function inView(p: Due, g: Group): RobotFacts | null | undefined {
  if (!p.identity || !p.facts) return undefined;
  return matches(p.identity, p.facts.position, g.companyId, g.filter) ? p.facts : null;
}

/**
 * One group's batch: the robots whose record goes, the motion of those that only moved, the ones that left
 * its view. A robot that only moved is written from its facts as they are now (the latest it reported).
 */
export function writeBatch(
  store: LiveStore,
  g: Group,
  due: readonly Due[],
  record: (id: string) => string | null,
  at: string,
): Buffer {
  const out = new JsonBytes(g.lastBatchBytes + 1024);
  const removed: string[] = [];
  const moved: Due[] = [];
  out.raw('{"type":"changes","robots":[');
  let first = true;
  for (const p of due) {
    const facts = p.whole ? undefined : inView(p, g);
    if (facts === null) {
      removed.push(p.robotId);
      continue;
    }
    if (facts && hasMotion(facts)) {
      moved.push(p);
      continue;
    }
    const body = store.factsIn(p.robotId, g.companyId, g.filter) ? record(p.robotId) : null;
    if (!body) {
      removed.push(p.robotId);
      continue;
    }
    if (!first) out.byte(COMMA);
    first = false;
    out.raw(body);
  }
  out.raw('],"moved":[');
  for (let i = 0; i < moved.length; i++) {
    const p = moved[i] as Due;
    if (i) out.byte(COMMA);
    out.motion(p.robotId, p.facts as RobotFacts);
  }
  out.raw(`],"removed":${JSON.stringify(removed)},"at":"${at}"}`);
  return out.take();
}

/** A slow browser's missed robots, as due now: their identity and facts read from the store. */
export function backlogDue(store: LiveStore, g: Group, backlog: Pending): Due[] {
  const due: Due[] = [];
  for (const [robotId, whole] of backlog) {
    const facts = store.factsIn(robotId, g.companyId, g.filter);
    const identity = store.identity(robotId);
    due.push(
      facts && identity
        ? { robotId, whole, identity, facts }
        : { robotId, whole: true, identity: null, facts: null },
    );
  }
  return due;
}
