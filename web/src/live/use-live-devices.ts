import type { DeviceLiveView } from '@fleet/contract';
import { useSyncExternalStore } from 'react';
import { DeviceStore } from './device-store';
import type { LiveStatus } from './live-socket';
import { useStreamStore } from './use-stream-store';

export interface LiveDevices {
  /** Each device's live state and open call as pushed; a new map after each change (lay it over with `overlay`). */
  views: ReadonlyMap<string, DeviceLiveView>;
  status: LiveStatus;
}

/**
 * Follows the company's mini devices over /live for as long as the calling screen is shown: heartbeats, online and
 * offline, and every step of their calls, as they happen. The screen re-renders at most every `throttleMs`.
 */
export function useLiveDevices(throttleMs = 250): LiveDevices {
  const { store, subscribe, status } = useStreamStore(() => new DeviceStore(), 'devices', throttleMs);
  const views = useSyncExternalStore(subscribe, () => store.snapshot());
  return { views, status };
}
