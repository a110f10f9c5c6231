import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SCIM_MEDIA_TYPE } from '@fleet/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { errorEnvelope } from './error-handler.js';
import { isScimPath, scimErrorOf } from './scim-errors.js';

const API_PREFIXES = ['/opt/', '/tars/', '/locales/', '/live', '/mqtt', '/scim/'];

/**
 * Serves the built console and answers unknown paths: API paths get the 404 envelope, page paths get
 * index.html so the console's router shows its own 404 screen.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each file; browsers get the smallest they accept.
      preCompressed: true,
      // Translations are served by their own route from LOCALES_DIR, never from a build-time copy.
      globIgnore: ['locales/**'],
      setHeaders: (res, file) => {
        // Hashed assets never change; everything else is checked on every load.
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (isScimPath(url)) {
      const error = new AppError('NOT_FOUND', `${request.method} ${url} does not exist`);
      return reply.status(404).type(SCIM_MEDIA_TYPE).send(scimErrorOf(error));
    }
    if (API_PREFIXES.some((p) => url.startsWith(p)) || !page) {
      return reply.status(404).send(errorEnvelope('NOT_FOUND', `${request.method} ${url} does not exist`));
    }
    if (!built) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The console is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
