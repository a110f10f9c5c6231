import type { LiveRobot } from '@fleet/contract';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { FleetStore } from '../live/fleet-store';
import { robotRowKey } from './robot-row-key';

interface Kept {
  slot: number | undefined;
  change: number;
  key: string;
  robot: LiveRobot;
}

/**
 * The robot `listed` as the table shows it now: its latest state in the store (or `listed` once it is gone),
 * the same object for as long as nothing the table shows of it changed, so that a row re-renders only for its
 * own robot's shown values, not at every move of thousands of robots.
 */
export function useRobotRow(store: FleetStore, listed: LiveRobot): LiveRobot {
  const kept = useRef<Kept | null>(null);
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const snapshot = () => {
    const slot = store.slotOf(listed.id);
    const change = slot === undefined ? -1 : store.changeAt(slot);
    const k = kept.current;
    if (k && k.slot === slot && k.change === change && (slot !== undefined || k.robot === listed))
      return k.robot;
    const robot = (slot === undefined ? undefined : store.robotAt(slot)) ?? listed;
    const key = robotRowKey(robot);
    if (k && k.key === key) {
      k.slot = slot;
      k.change = change;
      return k.robot;
    }
    kept.current = { slot, change, key, robot };
    return robot;
  };
  return useSyncExternalStore(subscribe, snapshot);
}
