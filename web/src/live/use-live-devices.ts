import type { DeviceLiveView } from '@fleet/contract';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { DeviceStore } from './device-store';
import type { LiveStatus } from './live-socket';
import { throttled } from './throttled';
import { useLiveSocket } from './use-live-socket';

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
  const [store] = useState(() => new DeviceStore());
  const { socket, status } = useLiveSocket((message) => store.receive(message));
  useEffect(() => {
    socket.start({ streams: ['devices'] });
    return () => socket.stop();
  }, [socket]);
  const subscribe = useCallback(
    (listener: () => void) => throttled((l) => store.subscribe(l), throttleMs)(listener),
    [store, throttleMs],
  );
  const views = useSyncExternalStore(subscribe, () => store.snapshot());
  return { views, status };
}
