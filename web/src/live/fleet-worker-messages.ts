import type { FleetDelta } from './fleet-fold';
import type { LiveFilter, LiveStatus } from './live-socket';

/** Page → live worker. */
export type ToFleetWorker =
  | { type: 'start'; filter: LiveFilter }
  | { type: 'filter'; filter: LiveFilter; token: string | null }
  | { type: 'stop' }
  /** The answer to `connecting`: where /live is now and the session's token, or null when it cannot be told. */
  | { type: 'endpoint'; url: string | null; token: string | null };

/** Live worker → page. */
export type FromFleetWorker =
  | { type: 'status'; status: LiveStatus }
  /** About to connect: the page answers with `endpoint` (the region and the session live in the page). */
  | { type: 'connecting' }
  | { type: 'delta'; delta: FleetDelta };
