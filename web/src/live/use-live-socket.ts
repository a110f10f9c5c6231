import type { LiveServerMessage } from '@fleet/contract';
import { useCallback, useState } from 'react';
import { apiRoutes as api } from '../api/api-routes';
import { callApi } from '../api/call';
import { sessionStore } from '../session/session-store';
import { currentLiveUrl } from './live-endpoint';
import { LiveSocket, type LiveStatus } from './live-socket';

/** The session's token, read when subscribing. */
export const liveToken = (): string | null => sessionStore.getState().token;

/**
 * A /live link's status for the calling screen. A refused token ends the session the API client's usual way:
 * one ordinary call, whose 401 takes the browser to the login page.
 */
export function useLiveStatus(): [LiveStatus, (next: LiveStatus) => void] {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const onStatus = useCallback((next: LiveStatus) => {
    setStatus(next);
    if (next === 'unauthorized') void callApi(api.me).catch(() => undefined);
  }, []);
  return [status, onStatus];
}

/**
 * One /live socket for the calling screen, handing every message to `receive` (a store made once with the
 * component), with the link's status. Not started: the caller starts it with what it follows and stops it.
 */
export function useLiveSocket(receive: (message: LiveServerMessage) => void): {
  socket: LiveSocket;
  status: LiveStatus;
} {
  const [status, onStatus] = useLiveStatus();
  const [socket] = useState(
    () => new LiveSocket({ url: currentLiveUrl, token: liveToken, onMessage: receive, onStatus }),
  );
  return { socket, status };
}
