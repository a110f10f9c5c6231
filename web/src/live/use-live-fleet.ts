import { useEffect, useState } from 'react';
import { createFleetFeed, liveWorkerFactory } from './fleet-feed';
import { FleetStore } from './fleet-store';
import { currentLiveUrl } from './live-endpoint';
import type { LiveFilter, LiveStatus } from './live-socket';
import { liveToken, useLiveStatus } from './use-live-socket';

export interface LiveFleet {
  store: FleetStore;
  status: LiveStatus;
}

/**
 * Opens /live for as long as the calling screen is shown and keeps a FleetStore filled from it (decoded in a
 * worker where the browser has them). The building/floor filter can change without a new connection.
 */
export function useLiveFleet(filter: LiveFilter = {}): LiveFleet {
  const [store] = useState(() => new FleetStore());
  const [status, onStatus] = useLiveStatus();
  const [feed] = useState(() =>
    createFleetFeed(store, {
      url: currentLiveUrl,
      token: liveToken,
      onStatus,
      createWorker: liveWorkerFactory(),
    }),
  );

  const { buildingId, floorId } = filter;
  useEffect(() => {
    feed.start({ buildingId, floorId });
    feed.setFilter({ buildingId, floorId });
  }, [feed, buildingId, floorId]);

  useEffect(() => () => feed.stop(), [feed]);

  return { store, status };
}
