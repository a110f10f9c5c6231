import websocket from '@fastify/websocket';
import { can } from '@fleet/contract';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { createWebSocketStream } from 'ws';
import { actorOf } from '../auth/authorize.js';
import { loadSession } from '../auth/sessions.js';
import type { Fleet } from '../fleet/fleet-service.js';
import type { Services } from '../services.js';
import type { LiftFeed } from './lift-push.js';
import { LiveHub } from './live-hub.js';
import { liveCounters } from './live-metrics.js';

/**
 * The two WebSocket endpoints: /live (browsers: the company's robots and lifts, pushed) and /mqtt (robots:
 * MQTT over WebSocket into the embedded broker).
 */
export async function registerLive(
  app: FastifyInstance,
  services: Services,
  fleet: Fleet,
  liftFeed: LiftFeed,
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
        ? { companyId: session.companyId, mayReadLifts: can(actorOf(session), 'lifts.read').allowed }
        : null;
    },
    services.log,
    metrics && liveCounters(metrics, () => hub.connections),
    liftFeed,
  );
  app.get('/live', { websocket: true, schema: { hide: true } }, (socket) => hub.attach(socket));
  const broker = fleet.broker;
  if (broker) {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket) => {
      broker.connect(createWebSocketStream(socket));
    });
  }
  app.addHook('onClose', async () => {
    hub.close();
    await fleet.close();
  });
  return hub;
}
