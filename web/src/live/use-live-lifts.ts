import type { LiftLiveView } from '@fleet/contract';
import { useSyncExternalStore } from 'react';
import { LiftStore } from './lift-store';
import type { LiveStatus } from './live-socket';
import { useStreamStore } from './use-stream-store';

export interface LiveLifts {
  /** The company's lifts, as they are now. */
  lifts: LiftLiveView[];
  /** The first snapshot (or the refusal) has arrived. */
  ready: boolean;
  /** The account may not read lifts. */
  forbidden: boolean;
  status: LiveStatus;
}

/**
 * Follows the company's lifts over /live for as long as the calling screen is shown. Gateways report once a
 * second; the screen re-renders at most every `throttleMs`, however many lifts change.
 */
export function useLiveLifts(throttleMs = 250): LiveLifts {
  const { store, subscribe, status } = useStreamStore(() => new LiftStore(), 'lifts', throttleMs);
  const lifts = useSyncExternalStore(subscribe, () => store.list());
  const ready = useSyncExternalStore(subscribe, () => store.ready);
  const forbidden = useSyncExternalStore(subscribe, () => store.forbidden);
  return { lifts, ready, forbidden, status };
}
