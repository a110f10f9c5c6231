import { Counter, Gauge, type Registry } from 'prom-client';
import type { LiveCounters } from './live-hub.js';

/** The live push's figures at /metrics: what it sends, and the browsers that could not keep up. */
export function liveCounters(registry: Registry, connections: () => number): LiveCounters {
  const batches = new Counter({
    name: 'live_batches_total',
    help: 'Batches of robot changes sent to browsers over /live',
    registers: [registry],
  });
  const bytes = new Counter({
    name: 'live_batch_bytes_total',
    help: 'Bytes of JSON sent to browsers in batches over /live',
    registers: [registry],
  });
  const skipped = new Counter({
    name: 'live_batches_skipped_total',
    help: 'Ticks a browser missed because too much was still unsent to it (its changes follow later)',
    registers: [registry],
  });
  const disconnects = new Counter({
    name: 'live_disconnects_total',
    help: 'Browsers disconnected by the server, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'live_connections',
    help: 'Browsers subscribed over /live',
    registers: [registry],
    collect() {
      this.set(connections());
    },
  });
  return {
    batch: (n: number) => {
      batches.inc();
      bytes.inc(n);
    },
    skipped: () => skipped.inc(),
    tooSlow: () => disconnects.inc({ reason: 'too_slow' }),
  };
}
