import type { LiveServerMessage } from '@fleet/contract';
import { useState } from 'react';
import { apiRoutes as api } from '../api/api-routes';
import { callApi } from '../api/call';
import { sessionStore } from '../session/session-store';
import { currentLiveUrl } from './live-endpoint';
import { LiveSocket, type LiveStatus } from './live-socket';

/**
 * One /live socket for the calling screen, handing every message to `receive` (a store made once with the
 * component), with the link's status. Not started: the caller starts it with what it follows and stops it.
 */
export function useLiveSocket(receive: (message: LiveServerMessage) => void): {
  socket: LiveSocket;
  status: LiveStatus;
} {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [socket] = useState(
    () =>
      new LiveSocket({
        url: currentLiveUrl,
        token: () => sessionStore.getState().token,
        onMessage: receive,
        onStatus: (next) => {
          setStatus(next);
          // The token was refused: one ordinary call lets the API client end the session its usual way.
          if (next === 'unauthorized') void callApi(api.me).catch(() => undefined);
        },
      }),
  );
  return { socket, status };
}
