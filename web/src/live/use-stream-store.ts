import type { LiveStream } from '@fleet/contract';
import { useCallback, useEffect, useState } from 'react';
import type { LiveStatus } from './live-socket';
import type { StreamStore } from './stream-store';
import { throttled } from './throttled';
import { useLiveSocket } from './use-live-socket';

/**
 * A /live socket following one stream into its store for as long as the calling screen is shown, and a
 * `subscribe` for useSyncExternalStore that re-renders at most every `throttleMs`, however often it changes.
 */
export function useStreamStore<S extends StreamStore>(
  make: () => S,
  stream: LiveStream,
  throttleMs: number,
): { store: S; subscribe: (listener: () => void) => () => void; status: LiveStatus } {
  const [store] = useState(make);
  const { socket, status } = useLiveSocket((message) => store.receive(message));
  useEffect(() => {
    socket.start({ streams: [stream] });
    return () => socket.stop();
  }, [socket, stream]);
  const subscribe = useCallback(
    (listener: () => void) => throttled((l) => store.subscribe(l), throttleMs)(listener),
    [store, throttleMs],
  );
  return { store, subscribe, status };
}
