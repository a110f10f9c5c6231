import type { LiveMotion, LiveRobot, LiveServerMessage } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { FleetFold } from './fleet-fold';
import { FleetStore } from './fleet-store';
import { liveRobotFixture } from './live-robot.fixture';

const at = '2026-11-22T10:00:00.000Z';
const seen = Date.parse('2026-11-22T10:00:05.000Z');
const r = (id: string, patch: Partial<LiveRobot> = {}) => liveRobotFixture({ id, ...patch });
const snapshot = (...robots: LiveRobot[]): LiveServerMessage => ({ type: 'snapshot', robots, at });
const changes = (patch: {
  robots?: LiveRobot[];
  moved?: LiveMotion[];
  removed?: string[];
}): LiveServerMessage => ({
  type: 'changes',
  robots: patch.robots ?? [],
  moved: patch.moved ?? [],
  removed: patch.removed ?? [],
  at,
});
const moved = (id: string, x: number, y: number, battery: number | null = 50): LiveMotion => [
  id,
  x,
  y,
  0.5,
  null,
  null,
  null,
  battery,
  seen,
];

/** The worker's side (the fold) and the page's (the store), with the delta crossing as postMessage would. */
function pipeline() {
  const fold = new FleetFold();
  const store = new FleetStore(() => undefined);
  return {
    store,
    /** Messages arriving between two posts to the page. */
    arrive(...messages: LiveServerMessage[]) {
      for (const m of messages) fold.receive(m);
      const delta = fold.take();
      if (delta) store.take(structuredClone(delta));
      store.flush();
    },
  };
}

const names = (store: FleetStore) => store.list().map((x) => x.name);

describe('FleetFold into FleetStore', () => {
  it('robots that moved end at their new position, battery and time, with the rest of their record', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a', { name: 'Courier 1', status: 'working', stale: true }), r('b')));
    arrive(changes({ moved: [moved('a', 12.5, 3.25, 77)] }));
    const a = store.get('a');
    expect(a?.position).toEqual({ mapId: 'floor-1', x: 12.5, y: 3.25, theta: 0.5 });
    expect(a?.battery).toBe(77);
    expect(a?.stale).toBe(false);
    expect(a?.lastSeenAt).toBe('2026-11-22T10:00:05.000Z');
    expect(a?.name).toBe('Courier 1');
    expect(a?.status).toBe('working');
    expect(a?.velocity).toBeNull();
    expect(store.get('b')?.position?.x).toBe(1);
  });

  it('the latest of several batches wins when they reach the page together', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a')));
    arrive(
      changes({ moved: [moved('a', 1, 1)] }),
      changes({ moved: [moved('a', 2, 2)] }),
      changes({
        robots: [r('a', { status: 'error', position: { mapId: 'floor-1', x: 3, y: 3, theta: 0 } })],
      }),
      changes({ moved: [moved('a', 4, 4)] }),
    );
    expect(store.get('a')?.position?.x).toBe(4);
    expect(store.get('a')?.status).toBe('error');
    arrive(changes({ moved: [moved('a', 5, 5)] }), changes({ robots: [r('a', { status: 'paused' })] }));
    // A whole record after a motion is the newer state.
    expect(store.get('a')?.position?.x).toBe(1);
    expect(store.get('a')?.status).toBe('paused');
  });

  it('a removed robot goes, and one registered after it takes its place in the list', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a', { name: 'A' }), r('b', { name: 'B' })));
    arrive(changes({ removed: ['a'] }));
    expect(store.get('a')).toBeUndefined();
    expect(names(store)).toEqual(['B']);
    arrive(changes({ robots: [r('c', { name: 'C' })], moved: [moved('a', 9, 9)] }));
    expect(names(store).sort()).toEqual(['B', 'C']);
    expect(store.get('c')?.position?.x).toBe(1);
    expect(store.size).toBe(2);
  });

  it('a robot added and removed between two posts never shows', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a', { name: 'A' })));
    arrive(changes({ robots: [r('b', { name: 'B' })] }), changes({ removed: ['b'] }));
    expect(names(store)).toEqual(['A']);
  });

  it('a snapshot replaces everything, even robots moved in the same batch', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a', { name: 'A' }), r('b', { name: 'B' })));
    arrive(changes({ moved: [moved('a', 7, 7)] }), snapshot(r('c', { name: 'C' })));
    expect(names(store)).toEqual(['C']);
    expect(store.get('a')).toBeUndefined();
    expect(store.ready).toBe(true);
  });

  it('status changes carry through, and a moved robot then shows its new status', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a', { status: 'working' })));
    arrive(changes({ moved: [moved('a', 2, 2)] }));
    arrive(
      changes({
        robots: [r('a', { status: 'error', position: { mapId: 'floor-1', x: 2, y: 2, theta: 0 } })],
      }),
    );
    expect(store.get('a')?.status).toBe('error');
    arrive(changes({ moved: [moved('a', 3, 3)] }));
    expect(store.get('a')?.status).toBe('error');
    expect(store.get('a')?.position?.x).toBe(3);
  });

  it('ignores motion for robots it does not know or that have no position', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a', { position: null })));
    arrive(changes({ moved: [moved('a', 2, 2), moved('ghost', 1, 1)] }));
    expect(store.get('a')?.position).toBeNull();
    expect(store.size).toBe(1);
  });

  it('sends nothing when nothing changed, and nothing for other streams', () => {
    const fold = new FleetFold();
    expect(fold.receive({ type: 'pong' })).toBe(false);
    expect(fold.receive({ type: 'liftSnapshot', lifts: [], at })).toBe(false);
    expect(fold.take()).toBeNull();
  });

  it('the map reads poses by slot without making records', () => {
    const { store, arrive } = pipeline();
    arrive(snapshot(r('a'), r('b', { stale: true })));
    arrive(changes({ moved: [moved('b', 6, 7)] }));
    const b = store.slotOf('b') ?? -1;
    expect([store.xAt(b), store.yAt(b), store.thetaAt(b)]).toEqual([6, 7, 0.5]);
    expect(store.staleAt(b)).toBe(false);
    const before = store.changeAt(b);
    arrive(changes({ moved: [moved('b', 8, 7)] }));
    expect(store.changeAt(b)).toBeGreaterThan(before);
    expect(store.changeAt(store.slotOf('a') ?? -1)).toBe(1);
  });
});
