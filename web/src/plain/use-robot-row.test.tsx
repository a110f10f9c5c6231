import type { LiveRobot } from '@fleet/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FleetStore } from '../live/fleet-store';
import { liveRobotFixture } from '../live/live-robot.fixture';
import { useRobotRow } from './use-robot-row';

const at = '2026-11-22T10:00:00.000Z';
const seen = (s: number) => Date.parse(at) + s * 1000;

function fleet(robots: LiveRobot[]) {
  const flushes: Array<() => void> = [];
  const store = new FleetStore((flush) => flushes.push(flush));
  const send = (message: Parameters<FleetStore['receive']>[0]) =>
    act(() => {
      store.receive(message);
      for (const flush of flushes.splice(0)) flush();
    });
  send({ type: 'snapshot', robots, at });
  return { store, send };
}

describe('useRobotRow: a row re-renders only for its own robot’s shown values', () => {
  it('not when its robot or others only move, when its battery shows another figure, and its last state once gone', () => {
    const a = liveRobotFixture({ id: 'a', battery: 80, lastSeenAt: at });
    const { store, send } = fleet([a, liveRobotFixture({ id: 'b' })]);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useRobotRow(store, a);
    });
    const first = renders;
    expect(result.current.battery).toBe(80);

    send({ type: 'changes', robots: [], moved: [['a', 4, 5, 1, 0.5, 0, 0, 80.2, seen(2)]], removed: [], at });
    send({ type: 'changes', robots: [], moved: [['b', 4, 5, 1, 0.5, 0, 0, 10, seen(2)]], removed: [], at });
    expect(renders).toBe(first);

    send({ type: 'changes', robots: [], moved: [['a', 6, 5, 1, 0.5, 0, 0, 50, seen(3)]], removed: [], at });
    expect(renders).toBe(first + 1);
    expect(result.current.battery).toBe(50);
    expect(result.current.position?.x).toBe(6);

    send({
      type: 'changes',
      robots: [liveRobotFixture({ id: 'a', status: 'error' })],
      moved: [],
      removed: [],
      at,
    });
    expect(result.current.status).toBe('error');

    send({ type: 'changes', robots: [], moved: [], removed: ['a'], at });
    expect(result.current).toBe(a);
  });
});
