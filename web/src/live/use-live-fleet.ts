import { useEffect, useState } from 'react';
import { FleetStore } from './fleet-store';
import type { LiveFilter, LiveStatus } from './live-socket';
import { useLiveSocket } from './use-live-socket';

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
  const { socket, status } = useLiveSocket((message) => store.receive(message));

  const { buildingId, floorId } = filter;
  useEffect(() => {
    socket.start({ buildingId, floorId });
    socket.setFilter({ buildingId, floorId });
  }, [socket, buildingId, floorId]);

  useEffect(() => () => socket.stop(), [socket]);

  return { store, status };
}
