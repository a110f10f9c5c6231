import type { LiveRobot } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { FleetStore } from './fleet-store';
import { liveRobotFixture } from './live-robot.fixture';

const at = '2026-11-22T10:00:00.000Z';
const seen = Date.parse('2026-11-22T10:00:05.000Z');
const r = (id: string, patch: Partial<LiveRobot> = {}) => liveRobotFixture({ id, ...patch });

function storeWith(robots: LiveRobot[]) {
  const flushes: Array<() => void> = [];
  const store = new FleetStore((flush) => flushes.push(flush));
  const runFrame = () => {
    for (const flush of flushes.splice(0)) flush();
  };
  store.receive({ type: 'snapshot', robots, at });
  runFrame();
  return { store, runFrame };
}

describe('FleetStore listing: what lists order, filter and count by', () => {
  it.each<[string, LiveRobot[], string[], boolean]>([
    // what arrives (records), removed ids → whether the listing changes
    ['a move', [], [], false],
    ['a new battery, order and staleness', [r('a', { battery: 12, orderId: 'o-1', stale: true })], [], false],
    ['a new status', [r('a', { status: 'error' })], [], true],
    ['a new name', [r('a', { name: 'Renamed' })], [], true],
    ['a new serial number', [r('a', { serialNumber: 'SN-9' })], [], true],
    ['a new model', [r('a', { model: 'Tug' })], [], true],
    ['a new building', [r('a', { buildingId: 'b-2' })], [], true],
    ['a robot coming', [r('c')], [], true],
    ['a robot going', [], ['b'], true],
  ])('%s', (_what, records, removed, changes) => {
    const { store, runFrame } = storeWith([r('a'), r('b')]);
    const before = store.listing();
    const version = store.listingVersion;
    store.receive({
      type: 'changes',
      robots: records,
      moved: [['a', 5, 6, 0, 0.5, 0, 0, 70, seen]],
      removed,
      at,
    });
    runFrame();
    expect(store.listingVersion !== version).toBe(changes);
    expect(store.listing() !== before).toBe(changes);
  });

  it('holds records, not motion, and the same array until the listing changes', () => {
    const { store, runFrame } = storeWith([r('a'), r('b', { status: 'working' })]);
    const first = store.listing();
    expect(first.map((x) => [x.id, x.status])).toEqual([
      ['a', 'idle'],
      ['b', 'working'],
    ]);
    store.receive({
      type: 'changes',
      robots: [],
      moved: [['a', 5, 6, 0, 0, 0, 0, 70, seen]],
      removed: [],
      at,
    });
    runFrame();
    expect(store.listing()).toBe(first);
    expect(store.listing()[0]?.position?.x).toBe(1);
  });

  it('a new snapshot and a clear change it', () => {
    const { store, runFrame } = storeWith([r('a')]);
    const version = store.listingVersion;
    store.receive({ type: 'snapshot', robots: [r('a')], at });
    runFrame();
    expect(store.listingVersion).toBe(version + 1);
    store.clear();
    expect(store.listingVersion).toBe(version + 2);
    expect(store.listing()).toEqual([]);
  });
});
