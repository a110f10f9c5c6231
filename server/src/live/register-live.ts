import websocket from '@fastify/websocket';
import { can } from '@fleet/contract';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { createWebSocketStream } from 'ws';
import { actorOf } from '../auth/authorize.js';
import { loadSession } from '../auth/sessions.js';
import type { Fleet } from '../fleet/fleet-service.js';
import type { Services } from '../services.js';
import { type LiveFeeds, LiveHub } from './live-hub.js';
import { liveCounters } from './live-metrics.js';

/**
 * The two WebSocket endpoints: /live (browsers: the company's robots, lifts and mini devices, pushed) and /mqtt (robots:
 * MQTT over WebSocket into the embedded broker).
 */
export async function registerLive(
  app: FastifyInstance,
  services: Services,
  fleet: Fleet,
  feeds: LiveFeeds,
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
      const session =
        claims && (await loadSession(services.dir, claims, await services.sessionOptions(), services.auth));
      // Live robots of a company served by another region are not here to show.
      if (!session || session.companyRegion !== services.config.region) return null;
      const actor = actorOf(session);
      return {
        companyId: session.companyId,
        mayRead: { lifts: can(actor, 'lifts.read').allowed, devices: can(actor, 'devices.read').allowed },
      };
    },
    services.log,
    metrics && liveCounters(metrics, () => hub.connections),
    feeds,
  );
  // Whichever instance ended them (logout, reset, removal, de-provisioning), this one closes their connections now.
  services.auth.ended.on('ended', hub.sessionsEnded);
  app.get('/live', { websocket: true, schema: { hide: true } }, (socket) => hub.attach(socket));
  const broker = fleet.broker;
  if (broker) {
    app.get('/mqtt', { websocket: true, schema: { hide: true } }, (socket) => {
      broker.connect(createWebSocketStream(socket));
    });
  }
  app.addHook('onClose', async () => {
    services.auth.ended.off('ended', hub.sessionsEnded);
    hub.close();
    await fleet.close();
  });
  return hub;
}
