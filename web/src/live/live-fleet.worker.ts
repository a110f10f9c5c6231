import { type FleetWorkerScope, runFleetWorker } from './fleet-worker-main';

// A dedicated worker's global scope; the page's DOM typings do not describe it.
runFleetWorker(self as unknown as FleetWorkerScope);
