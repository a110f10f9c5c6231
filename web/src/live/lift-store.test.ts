import type { LiftLiveView } from '@fleet/contract';
import { describe, expect, it, vi } from 'vitest';
import { LiftStore } from './lift-store';
import { liveLiftFixture } from './live-lift.fixture';

const lift = (id: string, patch: Partial<LiftLiveView> = {}) =>
  liveLiftFixture({ id, name: `Car ${id}`, reportedAt: '2026-11-24T10:00:00.000Z', ...patch });
const at = '2026-11-24T10:00:00.000Z';

describe('LiftStore (LIFTS-LIVE-PUSH)', () => {
  it('takes the snapshot, then changed lifts whole, ages and removals', () => {
    const store = new LiftStore();
    const heard = vi.fn();
    store.subscribe(heard);
    expect(store.ready).toBe(false);
    store.receive({ type: 'liftSnapshot', lifts: [lift('a'), lift('b')], at });
    expect(store.ready).toBe(true);
    expect(store.list().map((l) => l.id)).toEqual(['a', 'b']);
    const first = store.list();
    expect(store.list()).toBe(first);

    const fresh = Date.parse('2026-11-24T10:00:05.000Z');
    store.receive({
      type: 'liftChanges',
      lifts: [lift('a', { outOfService: true })],
      fresh: [['b', fresh]],
      removed: [],
      at,
    });
    expect(store.get('a')?.outOfService).toBe(true);
    expect(store.get('b')?.reportedAt).toBe('2026-11-24T10:00:05.000Z');
    expect(store.list()).not.toBe(first);

    store.receive({ type: 'liftChanges', lifts: [], fresh: [], removed: ['a'], at });
    expect(store.list().map((l) => l.id)).toEqual(['b']);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('a new snapshot replaces everything (after reconnecting)', () => {
    const store = new LiftStore();
    store.receive({ type: 'liftSnapshot', lifts: [lift('a')], at });
    store.receive({ type: 'liftSnapshot', lifts: [lift('c')], at });
    expect(store.list().map((l) => l.id)).toEqual(['c']);
  });

  it('a refusal is an answer: ready, and forbidden', () => {
    const store = new LiftStore();
    store.receive({ type: 'error', code: 'FORBIDDEN', info: 'following lifts needs lifts.read' });
    expect(store).toMatchObject({ ready: true, forbidden: true });
  });

  it('ignores the robots’ messages', () => {
    const store = new LiftStore();
    const heard = vi.fn();
    store.subscribe(heard);
    store.receive({ type: 'snapshot', robots: [], at });
    expect(heard).not.toHaveBeenCalled();
  });
});
