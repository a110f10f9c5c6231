import { useEffect, useState } from 'react';
import { apiRoutes as api } from '../api/api-routes';
import { callApi } from '../api/call';
import { sessionStore } from '../session/session-store';
import { FleetStore } from './fleet-store';
import { currentLiveUrl } from './live-endpoint';
import { type LiveFilter, LiveSocket, type LiveStatus } from './live-socket';

export interface LiveFleet {
  store: FleetStore;
  status: LiveStatus;
}

/**
 * Opens /live for as long as the calling screen is shown and keeps a FleetStore filled from it. The
 * building/floor filter can change without a new connection.
 */
export function useLiveFleet(filter: LiveFilter = {}): LiveFleet {
  const [store] = useState(() => new FleetStore());
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

  const { buildingId, floorId } = filter;
  useEffect(() => {
    socket.start({ buildingId, floorId });
    socket.setFilter({ buildingId, floorId });
  }, [socket, buildingId, floorId]);

  useEffect(() => () => socket.stop(), [socket]);

  return { store, status };
}
