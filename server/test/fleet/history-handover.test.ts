import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { robotErrorEvents, robotStateIntervals, robotStateSamples } from '../../src/db/schema/index.js';
import type { FleetEvent } from '../../src/fleet/history/fleet-events.js';
import { HistoryRecorder } from '../../src/fleet/history/history-recorder.js';
import type { HistoryShare } from '../../src/fleet/history/rows-by-owner.js';
import type { OwnershipListener } from '../../src/fleet/instances/instance-registry.js';
import { LiveStore } from '../../src/fleet/live-store.js';
import { freshDatabase } from '../helper.js';
import { stateDigest } from './vda-samples.js';

const COMPANY = '00000000-0000-4000-8000-000000000001';
let robotNo = 0;

/**
 * Two instances' recorders on one database, each with its own live store and clock (the second hears every message
 * a few milliseconds later, as instances on one broker do), and a hand-made sharing of the robot between them.
 */
describe('robots changing hands among instances (FLEET-HISTORY-HANDOVER)', async () => {
  const fresh = await freshDatabase();
  afterAll(() => fresh.drop());
  // The recorders' one-second writes are made by the test, so a "killed" instance writes nothing more.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  const log = pino({ level: 'silent' });
  let clock = Date.now();
  /** The robot's owner now: 'a', 'b', or both while a joining instance and the one it takes from overlap. */
  let owners = new Set<'a' | 'b'>();
  let successor: 'a' | 'b' | null = null;
  const listeners = { a: new Set<OwnershipListener>(), b: new Set<OwnershipListener>() };
  const share = (me: 'a' | 'b'): HistoryShare => ({
    owns: () => owners.has(me),
    standsIn: () => successor === me,
    shared: true,
    onChange: (l) => {
      listeners[me].add(l);
      return () => listeners[me].delete(l);
    },
  });
  /** The instances change, as `me` sees it. */
  const change = (me: 'a' | 'b', ownedBefore: boolean) => {
    for (const l of listeners[me]) l(() => ownedBefore);
  };

  const instance = (me: 'a' | 'b', lagMs: number) => {
    const store = new LiveStore();
    const recorder = new HistoryRecorder(store, fresh.db.db, log, () => clock + lagMs, share(me), false);
    return { store, recorder };
  };

  const setUp = () => {
    robotNo += 1;
    const id = `00000000-0000-4000-9000-${String(robotNo).padStart(12, '0')}`;
    listeners.a.clear();
    listeners.b.clear();
    const a = instance('a', 0);
    const b = instance('b', 3);
    for (const { store } of [a, b])
      store.register({
        id,
        companyId: COMPANY,
        name: `R-${robotNo}`,
        manufacturer: 'acme',
        serialNumber: `R-${robotNo}`,
        model: 'm',
        buildingId: null,
        expectedIntervalMs: 60_000,
      });
    let seq = 0;
    /**
     * One state message heard by `to`: paused every other one (a change of status: a sample each), x its number
     * (or `inPlace`: at x = 0, so consecutive pauses are alike but for their time).
     */
    const send = (to: { store: LiveStore }[], inPlace = false, errorType?: string) => {
      seq += 1;
      clock += 250;
      const digest = stateDigest({
        errors: errorType ? [{ errorType, errorLevel: 'WARNING' }] : [],
        paused: seq % 2 === 0,
        agvPosition: { x: inPlace ? 0 : seq, y: 0, theta: 0, mapId: 'f1', positionInitialized: true },
      });
      for (const { store } of to) store.applyState(id, digest, clock);
    };
    const samples = async () =>
      (
        await fresh.db.db
          .select({ x: robotStateSamples.x })
          .from(robotStateSamples)
          .where(eq(robotStateSamples.robotId, id))
      )
        .map((r) => r.x)
        .filter((x): x is number => x !== null)
        .sort((p, q) => p - q);
    const statuses = async () =>
      (
        await fresh.db.db
          .select({ status: robotStateSamples.status, x: robotStateSamples.x })
          .from(robotStateSamples)
          .where(eq(robotStateSamples.robotId, id))
          .orderBy(asc(robotStateSamples.at))
      )
        .filter((r) => r.x !== null)
        .map((r) => r.status);
    const intervals = () =>
      fresh.db.db
        .select({ startedAt: robotStateIntervals.startedAt, endedAt: robotStateIntervals.endedAt })
        .from(robotStateIntervals)
        .where(eq(robotStateIntervals.robotId, id))
        .orderBy(asc(robotStateIntervals.startedAt));
    const errors = () =>
      fresh.db.db
        .select({ code: robotErrorEvents.code, endedAt: robotErrorEvents.endedAt })
        .from(robotErrorEvents)
        .where(eq(robotErrorEvents.robotId, id));
    return { a, b, send, samples, statuses, intervals, errors };
  };

  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  /** Consecutive intervals of the robot neither overlap nor leave a gap longer than the instances' lag. */
  const expectSeamless = (rows: { startedAt: Date; endedAt: Date }[]) => {
    expect(rows.length).toBeGreaterThan(1);
    for (let i = 1; i < rows.length; i++) {
      const gap = (rows[i]?.startedAt.getTime() ?? 0) - (rows[i - 1]?.endedAt.getTime() ?? 0);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(10);
    }
  };

  it('a killed owner’s last seconds, which it never wrote, are written by its successor, once', async () => {
    const { a, b, send, samples, intervals } = setUp();
    owners = new Set(['a']);
    successor = 'b';
    for (let i = 0; i < 10; i++) send([a, b]);
    await a.recorder.flush();
    // Five more messages, heard by both; then the owner is killed before its next write.
    for (let i = 0; i < 5; i++) send([a, b]);
    owners = new Set(['b']);
    successor = null;
    change('b', false);
    for (let i = 0; i < 5; i++) send([b]);
    await b.recorder.flush();
    expect(await samples()).toEqual(range(1, 20));
    await b.recorder.close();
    expectSeamless(await intervals());
  });

  it('the events a killed owner may not have told are told by its successor, marked as told again (FLEET-EVENTS-HANDOVER)', async () => {
    const { a, b, send } = setUp();
    owners = new Set(['a']);
    successor = 'b';
    const heardA: FleetEvent[] = [];
    const heardB: FleetEvent[] = [];
    a.recorder.onEvent((e) => heardA.push(e));
    b.recorder.onEvent((e) => heardB.push(e));
    for (let i = 0; i < 4; i++) send([a, b]);
    send([a, b], false, 'E1');
    // The owner tells it; its successor keeps it.
    expect(heardA.map((e) => e.type)).toEqual(['robot.error.raised']);
    expect(heardB).toEqual([]);
    // The owner is killed; before anyone knows, the error clears (only the successor hears it).
    send([b]);
    owners = new Set(['b']);
    successor = null;
    change('b', false);
    expect(heardB.map((e) => [e.type, e.data.code, e.retold])).toEqual([
      ['robot.error.raised', 'E1', true],
      ['robot.error.cleared', 'E1', true],
    ]);
    // From now on it tells the robot's events as their owner.
    send([b], false, 'E2');
    expect(heardB.at(-1)).toMatchObject({ type: 'robot.error.raised', data: { code: 'E2' } });
    expect(heardB.at(-1)?.retold).toBeUndefined();
    await b.recorder.close();
  });

  it('an owner that stops cleanly writes its last seconds itself: its successor writes none of them again', async () => {
    const { a, b, send, samples, intervals } = setUp();
    owners = new Set(['a']);
    successor = 'b';
    for (let i = 0; i < 15; i++) send([a, b]);
    await a.recorder.close();
    owners = new Set(['b']);
    successor = null;
    change('b', false);
    for (let i = 0; i < 5; i++) send([b]);
    await b.recorder.close();
    expect(await samples()).toEqual(range(1, 20));
    expectSeamless(await intervals());
  });

  it('an instance that joins and the one it takes the robot from both write the second they overlap: each message once', async () => {
    const { a, b, send, samples, intervals } = setUp();
    owners = new Set(['a']);
    successor = null;
    for (let i = 0; i < 10; i++) send([a, b]);
    await a.recorder.flush();
    // b joins and owns the robot at once; a hears of b only at its next beat.
    owners = new Set(['a', 'b']);
    change('b', false);
    for (let i = 0; i < 4; i++) send([a, b]);
    // Their writes come at different moments of the second.
    await a.recorder.flush();
    await b.recorder.flush();
    owners = new Set(['b']);
    change('a', true);
    for (let i = 0; i < 6; i++) send([a, b]);
    await a.recorder.flush();
    await b.recorder.flush();
    expect(await samples()).toEqual(range(1, 20));
    await Promise.all([a.recorder.close(), b.recorder.close()]);
    expectSeamless(await intervals());
  });

  it('a robot paused and resumed in place four times a second while it changes hands keeps every change', async () => {
    const { a, b, send, statuses } = setUp();
    owners = new Set(['a']);
    successor = 'b';
    for (let i = 0; i < 8; i++) send([a, b], true);
    await a.recorder.flush();
    for (let i = 0; i < 4; i++) send([a, b], true);
    owners = new Set(['b']);
    successor = null;
    change('b', false);
    for (let i = 0; i < 4; i++) send([b], true);
    await b.recorder.close();
    // Alike but for their time, and a quarter of a second apart: 16 messages, 16 samples, idle and paused in turn.
    expect(await statuses()).toEqual(range(1, 16).map((n) => (n % 2 === 0 ? 'paused' : 'idle')));
  });

  it('an error the killed owner wrote open is ended by its successor, and is still one event', async () => {
    const { a, b, send, errors } = setUp();
    owners = new Set(['a']);
    successor = 'b';
    send([a, b], false, 'laserBlocked');
    await a.recorder.flush();
    send([a, b], false, 'laserBlocked');
    owners = new Set(['b']);
    successor = null;
    change('b', false);
    send([b]);
    await b.recorder.close();
    const rows = await errors();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code).toBe('laserBlocked');
    expect(rows[0]?.endedAt).not.toBeNull();
  });
});
