import { CHANGES_FRAME, FRAME_HEADER_BYTES, MOTION_RECORD_BYTES } from '@fleet/contract/live-frame';
import { matches } from '../fleet/live-entry.js';
import type { LiveStore, RobotFacts } from '../fleet/live-store.js';
import { FrameBytes, hasMotion } from './frame-bytes.js';
import type { Group, Pace, Pending } from './subscriber-groups.js';

/*
 * A group's batch of robot changes for one tick, as the live hub sends it to every browser of the group: the
 * binary changes frame (packages/contract/src/live/frame.ts), whole records as JSON, motion as fixed records.
 */

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

/** The batch's motion records, written before the JSON is closed and copied after it: one buffer for all batches. */
const motionScratch = new FrameBytes(64 * 1024);

/**
 * One group's batch: the robots whose record goes, the motion of those that only moved, the ones that left
 * its view — as the binary changes frame, or as JSON text for browsers that did not ask for it (`frames`). A
 * robot that only moved is written from its facts as they are now (the latest it reported); one whose motion
 * cannot go as motion goes whole.
 */
export function writeBatch(
  store: LiveStore,
  g: Group,
  due: readonly Due[],
  record: (id: string) => string | null,
  at: string,
): Buffer {
  const binary = g.frames === 'binary';
  const out = new FrameBytes(g.lastBatchBytes + 1024);
  const records = motionScratch;
  records.clear();
  const tuples: Due[] = [];
  const removed: string[] = [];
  if (binary) {
    out.byte(CHANGES_FRAME);
    for (let i = 1; i < FRAME_HEADER_BYTES; i++) out.byte(0);
  }
  out.raw('{"type":"changes","robots":[');
  let first = true;
  for (const p of due) {
    const facts = p.whole ? undefined : inView(p, g);
    if (facts === null) {
      removed.push(p.robotId);
      continue;
    }
    if (facts && binary && records.motionRecord(p.robotId, facts)) continue;
    if (facts && !binary && hasMotion(facts)) {
      tuples.push(p);
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
  if (!binary) {
    out.raw('],"moved":[');
    for (let i = 0; i < tuples.length; i++) {
      const p = tuples[i] as Due;
      if (i) out.byte(COMMA);
      out.motionTuple(p.robotId, p.facts as RobotFacts);
    }
  }
  out.raw(`],"removed":${JSON.stringify(removed)},"at":"${at}"}`);
  if (binary) {
    out.u32At(4, out.size - FRAME_HEADER_BYTES);
    out.u32(records.size / MOTION_RECORD_BYTES);
    out.bytes(records.take());
  }
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
