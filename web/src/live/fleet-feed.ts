import type { FleetStore } from './fleet-store';
import type { FromFleetWorker, ToFleetWorker } from './fleet-worker-messages';
import { type LiveFilter, LiveSocket, type LiveSocketDeps, type LiveStatus } from './live-socket';

/** The /live robots feed of one screen: what it follows, and when it stops. */
export interface FleetFeed {
  start(filter: LiveFilter): void;
  setFilter(filter: LiveFilter): void;
  stop(): void;
}

export interface FleetFeedDeps {
  url: () => Promise<string>;
  token: () => string | null;
  onStatus: (status: LiveStatus) => void;
  /** Makes the live worker; absent where there are no workers (tests), and the feed runs in the page. */
  createWorker?: () => Worker;
}

/**
 * Fills `store` from /live. Decoding and folding thousands of robots' changes is done in a worker, which hands
 * the page one compact delta per batch; where there is no worker (or it fails to start) the same LiveSocket and
 * fold run in the page.
 */
export function createFleetFeed(store: FleetStore, deps: FleetFeedDeps): FleetFeed {
  const inPage = (): FleetFeed =>
    new LiveSocket({ ...deps, onMessage: (m) => store.receive(m) } satisfies LiveSocketDeps);
  return deps.createWorker ? new WorkerFleetFeed(store, deps, deps.createWorker, inPage) : inPage();
}

/** The live worker, if any: Vite bundles it as a module worker of its own. */
export function liveWorkerFactory(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () => new Worker(new URL('./live-fleet.worker.ts', import.meta.url), { type: 'module' });
}

class WorkerFleetFeed implements FleetFeed {
  private worker: Worker | null = null;
  private fallback: FleetFeed | null = null;
  private filter: LiveFilter = {};
  private heard = false;

  constructor(
    private readonly store: FleetStore,
    private readonly deps: FleetFeedDeps,
    private readonly create: () => Worker,
    private readonly inPage: () => FleetFeed,
  ) {}

  start(filter: LiveFilter): void {
    this.filter = filter;
    if (this.fallback) {
      this.fallback.start(filter);
      return;
    }
    if (this.worker) return;
    const worker = this.create();
    this.worker = worker;
    this.heard = false;
    worker.onmessage = (ev: MessageEvent<FromFleetWorker>) => {
      this.heard = true;
      this.handle(ev.data);
    };
    // A worker that cannot even start (blocked, or its script missing): the page does the work itself.
    worker.onerror = () => {
      if (this.worker !== worker || this.heard) return;
      this.stopWorker();
      this.fallback = this.inPage();
      this.fallback.start(this.filter);
    };
    this.post({ type: 'start', filter });
  }

  setFilter(filter: LiveFilter): void {
    this.filter = filter;
    if (this.fallback) {
      this.fallback.setFilter(filter);
      return;
    }
    this.post({ type: 'filter', filter, token: this.deps.token() });
  }

  stop(): void {
    this.fallback?.stop();
    this.stopWorker();
  }

  private handle(message: FromFleetWorker): void {
    switch (message.type) {
      case 'delta':
        this.store.take(message.delta);
        break;
      case 'status':
        this.deps.onStatus(message.status);
        break;
      case 'connecting':
        this.deps.url().then(
          (url) => this.post({ type: 'endpoint', url, token: this.deps.token() }),
          () => this.post({ type: 'endpoint', url: null, token: null }),
        );
        break;
    }
  }

  private post(message: ToFleetWorker): void {
    this.worker?.postMessage(message);
  }

  private stopWorker(): void {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // The socket closes with its usual "done" before the worker goes.
    worker.postMessage({ type: 'stop' } satisfies ToFleetWorker);
    setTimeout(() => worker.terminate(), 1000);
  }
}
