import type { LiveRobot } from '@fleet/contract';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { FleetStore } from './fleet-store';
import { throttled } from './throttled';

/**
 * Every robot, re-rendering the caller at most once per `throttleMs`: a table of thousands of rows does not
 * need sixty updates a second.
 */
export function useFleetList(store: FleetStore, throttleMs = 500): LiveRobot[] {
  const subscribe = useCallback(
    (listener: () => void) => throttled((l) => store.subscribe(l), throttleMs)(listener),
    [store, throttleMs],
  );
  return useSyncExternalStore(subscribe, () => store.list());
}

/**
 * Every robot's record for ordering, filtering and counting (`FleetStore.listing`): the caller re-renders at
 * most once per `throttleMs`, and only when a robot came, went or changed its name, serial number, model,
 * building or status, not when robots only move. While `held` the caller keeps the listing it had.
 */
export function useFleetListing(store: FleetStore, throttleMs: number, held = false): LiveRobot[] {
  const subscribe = useCallback(
    (listener: () => void) => throttled((l) => store.subscribe(l), throttleMs)(listener),
    [store, throttleMs],
  );
  const kept = useRef<LiveRobot[] | null>(null);
  const snapshot = () => {
    if (!held || kept.current === null) kept.current = store.listing();
    return kept.current;
  };
  return useSyncExternalStore(subscribe, snapshot);
}

/** One robot, re-rendering the caller only when that robot changed. */
export function useFleetRobot(store: FleetStore, id: string | undefined): LiveRobot | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  return useSyncExternalStore(subscribe, () => (id ? store.get(id) : undefined));
}

/** Whether the first snapshot has arrived. */
export function useFleetReady(store: FleetStore): boolean {
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  return useSyncExternalStore(subscribe, () => store.ready);
}
