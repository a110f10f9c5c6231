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
 * worker where the browser has them). The building/floor filter can change without a new connection; `null`
 * follows nothing (no connection) until a filter is given. `pace: 'list'` for screens that show no
 * position or speed: a moving robot's motion then comes every two seconds instead of five times a second.
 */
export function useLiveFleet(filter: LiveFilter | null = {}): LiveFleet {
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

  const on = filter !== null;
  const buildingId = filter?.buildingId;
  const floorId = filter?.floorId;
  const pace = filter?.pace;
  useEffect(() => {
    if (!on) {
      feed.stop();
      return;
    }
    const next: LiveFilter = { buildingId, floorId, ...(pace ? { pace } : {}) };
    feed.start(next);
    feed.setFilter(next);
  }, [feed, on, buildingId, floorId, pace]);

  useEffect(() => () => feed.stop(), [feed]);

  return { store, status };
}
