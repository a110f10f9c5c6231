import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** The gateway routes (spec: get-company-by-device-name on a separate gateway host). */
const GATEWAY_PATH = /^\/tars\//;

/**
 * Lets the consoles of GATEWAY_CORS_ORIGINS call this server's gateway routes from their own host name (a console
 * whose DEVICE_GATEWAY_URL names this server). Only `/tars/…` answers across origins, and only to those origins:
 * every other path, and every other origin, gets no CORS header, so the browser keeps them out. Nothing is
 * registered when no origin is configured.
 */
export async function registerGatewayCors(app: FastifyInstance, config: Config): Promise<void> {
  const origins = config.gatewayCorsOrigins;
  if (origins.length === 0) return;
  await app.register(cors, {
    delegator: (request, callback) => {
      const gateway = GATEWAY_PATH.test(request.url);
      callback(null, {
        origin: gateway ? origins : false,
        methods: ['GET'],
        // The console's session and language travel as headers (SHELL-API-HEADERS).
        allowedHeaders: ['token', 'lng'],
        exposedHeaders: ['x-request-id'],
        maxAge: 600,
      });
    },
  });
}
