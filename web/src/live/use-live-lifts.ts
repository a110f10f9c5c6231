import type { LiftLiveView } from '@fleet/contract';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { apiRoutes as api } from '../api/api-routes';
import { callApi } from '../api/call';
import { sessionStore } from '../session/session-store';
import { LiftStore } from './lift-store';
import { currentLiveUrl } from './live-endpoint';
import { LiveSocket, type LiveStatus } from './live-socket';
import { throttled } from './throttled';

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
  const [store] = useState(() => new LiftStore());
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [socket] = useState(
    () =>
      new LiveSocket({
        url: currentLiveUrl,
        token: () => sessionStore.getState().token,
        onMessage: (message) => store.receive(message),
        onStatus: (next) => {
          setStatus(next);
          // The token was refused: one ordinary call lets the API client end the session its usual way.
          if (next === 'unauthorized') void callApi(api.me).catch(() => undefined);
        },
      }),
  );
  useEffect(() => {
    socket.start({ streams: ['lifts'] });
    return () => socket.stop();
  }, [socket]);

  const subscribe = useCallback(
    (listener: () => void) => throttled((l) => store.subscribe(l), throttleMs)(listener),
    [store, throttleMs],
  );
  const lifts = useSyncExternalStore(subscribe, () => store.list());
  const ready = useSyncExternalStore(subscribe, () => store.ready);
  const forbidden = useSyncExternalStore(subscribe, () => store.forbidden);
  return { lifts, ready, forbidden, status };
}
