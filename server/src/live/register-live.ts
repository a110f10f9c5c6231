import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { createWebSocketStream } from 'ws';
import { loadSession } from '../auth/sessions.js';
import type { Fleet } from '../fleet/fleet-service.js';
import type { Services } from '../services.js';
import { type LiveCounters, LiveHub } from './live-hub.js';

/**
 * The two WebSocket endpoints: /live (browsers: the company's robots, pushed) and /mqtt (robots: MQTT over
 * WebSocket into the embedded broker).
 */
export async function registerLive(
  app: FastifyInstance,
  services: Services,
  fleet: Fleet,
  metrics?: Registry,
): Promise<LiveHub> {
  await app.register(websocket, {
    options: {
      maxPayload: 256 * 1024,
      // MQTT clients ask for the "mqtt" subprotocol and must get it back; browsers on /live ask for none.
      handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
    },
  });
  const hub: LiveHub = new LiveHub(
    fleet.store,
    async (token) => {
      const claims = await services.tokens.verify(token);
      const session = claims && (await loadSession(services.dir, claims, await services.sessionOptions()));
      // Live robots of a company served by another region are not here to show.
      return session && session.companyRegion === services.config.region
        ? { companyId: session.companyId }
        : null;
    },
    services.log,
    metrics && liveCounters(metrics, () => hub.connections),
  );
  app.get('/live', { websocket: true, schema: { hide: true } }, (socket) => hub.attach(socket));
  const broker = fleet.broker;
  if (broker) {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket, request) => {
      broker.aedes.handle(createWebSocketStream(socket), request.raw);
    });
  }
  app.addHook('onClose', async () => {
    hub.close();
    await fleet.close();
  });
  return hub;
}

/** The live push's figures at /metrics: what it sends, and the browsers that could not keep up. */
function liveCounters(registry: Registry, connections: () => number): LiveCounters {
  const batches = new Counter({
    name: 'live_batches_total',
    help: 'Batches of robot changes sent to browsers over /live',
    registers: [registry],
  });
  const bytes = new Counter({
    name: 'live_batch_bytes_total',
    help: 'Characters of JSON sent to browsers in batches over /live',
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
