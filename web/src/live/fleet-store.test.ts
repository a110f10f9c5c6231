import type { LiveRobot } from '@fleet/contract';
import { describe, expect, it, vi } from 'vitest';
import { FleetStore } from './fleet-store';
import { liveRobotFixture } from './live-robot.fixture';

const at = '2026-11-22T10:00:00.000Z';

function manualStore() {
  const flushes: Array<() => void> = [];
  const store = new FleetStore((flush) => flushes.push(flush));
  const runFrame = () => {
    for (const flush of flushes.splice(0)) flush();
  };
  return { store, runFrame, flushes };
}

const r = (id: string, patch: Partial<LiveRobot> = {}) => liveRobotFixture({ id, ...patch });

describe('FleetStore', () => {
  it('applies nothing until the frame runs, then every queued message at once', () => {
    const { store, runFrame, flushes } = manualStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.receive({ type: 'snapshot', robots: [r('a'), r('b')], at });
    store.receive({ type: 'changes', robots: [r('a', { battery: 10 })], moved: [], removed: ['b'], at });
    expect(flushes).toHaveLength(1);
    expect(store.size).toBe(0);
    runFrame();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.list().map((x) => x.id)).toEqual(['a']);
    expect(store.get('a')?.battery).toBe(10);
    expect(store.ready).toBe(true);
  });

  it('a new snapshot replaces robots the old subscription had', () => {
    const { store, runFrame } = manualStore();
    store.receive({ type: 'snapshot', robots: [r('a'), r('b')], at });
    runFrame();
    store.receive({ type: 'snapshot', robots: [r('c')], at });
    runFrame();
    expect(store.list().map((x) => x.id)).toEqual(['c']);
  });

  it('keeps the same list array until something changes', () => {
    const { store, runFrame } = manualStore();
    store.receive({ type: 'snapshot', robots: [r('a')], at });
    runFrame();
    const first = store.list();
    expect(store.list()).toBe(first);
    const version = store.version;
    store.receive({ type: 'changes', robots: [r('a', { battery: 50 })], moved: [], removed: [], at });
    runFrame();
    expect(store.version).toBe(version + 1);
    expect(store.list()).not.toBe(first);
  });

  it('a robot that only moved keeps its record and takes the new position, speed, battery and time', () => {
    const { store, runFrame } = manualStore();
    const before = r('a', { name: 'Courier 1', status: 'working', stale: true });
    store.receive({ type: 'snapshot', robots: [before], at });
    const seen = Date.parse('2026-11-22T10:00:05.000Z');
    store.receive({
      type: 'changes',
      robots: [],
      moved: [
        ['a', 12.5, 3.25, 1.571, 0.8, 0, 0.1, 77.5, seen],
        ['unknown', 1, 1, 0, null, null, null, null, seen],
      ],
      removed: [],
      at,
    });
    runFrame();
    expect(store.get('a')).toEqual({
      ...before,
      position: { mapId: before.position?.mapId, x: 12.5, y: 3.25, theta: 1.571 },
      velocity: { vx: 0.8, vy: 0, omega: 0.1 },
      battery: 77.5,
      stale: false,
      lastSeenAt: '2026-11-22T10:00:05.000Z',
    });
    expect(store.size).toBe(1);
  });

  it('ignores pongs and errors', () => {
    const { store, flushes } = manualStore();
    store.receive({ type: 'pong' });
    store.receive({ type: 'error', code: 'X', info: 'y' });
    expect(flushes).toHaveLength(0);
  });

  it('clear forgets robots and waits for the next snapshot', () => {
    const { store, runFrame } = manualStore();
    store.receive({ type: 'snapshot', robots: [r('a')], at });
    runFrame();
    store.clear();
    expect(store.size).toBe(0);
    expect(store.ready).toBe(false);
  });

  it('folds 10,000 robots a frame quickly', () => {
    const { store, runFrame } = manualStore();
    const robots = Array.from({ length: 10_000 }, (_, i) => r(`id-${i}`));
    store.receive({ type: 'snapshot', robots, at });
    runFrame();
    expect(store.size).toBe(10_000);
  });
});
