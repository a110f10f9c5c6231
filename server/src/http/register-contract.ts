import { Readable } from 'node:stream';
import {
  type Api,
  api,
  envelope,
  errorEnvelope,
  type RouteDef,
  type RouteId,
  SCIM_MEDIA_TYPE,
  scimError,
} from '@fleet/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ScimCaller, scimCallerOf, scimTokenFrom } from '../auth/scim-tokens.js';
import { loadSession, type Session } from '../auth/sessions.js';
import { tokenFrom } from '../auth/tokens.js';
import { AppError, badRequest, unauthorized } from '../errors.js';
import type { Services } from '../services.js';
import type { Handler, Handlers } from './handlers.js';
import { ScimRefusal } from './scim-errors.js';
import { parsePart } from './validation.js';

const errorResponses = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };
const scimErrorResponses = { 400: scimError, 401: scimError, 403: scimError, 404: scimError, 409: scimError };

/** A route's own request budget (@fastify/rate-limit's route config), counted by its own key when given. */
export interface RouteBudget {
  /** Calls per window; a function answers per key (what the key counts decides its budget). */
  max: number | ((request: FastifyRequest, key: string) => number);
  timeWindow: string;
  keyGenerator?: (request: FastifyRequest) => string;
}

/**
 * Registers every route of the contract with its handler. Fastify gets the schemas for the OpenAPI
 * document only; parsing happens here with zod so every 400 names the field and the reason.
 */
export function registerContract(
  app: FastifyInstance,
  services: Services,
  handlers: Handlers,
  limits: Partial<Record<RouteId, RouteBudget>> = {},
): void {
  // A streamed upload's body reaches its handler as the request stream itself: nothing is buffered here, and
  // the handler counts the bytes against its own cap as they come.
  const passThrough = (
    _request: FastifyRequest,
    payload: unknown,
    done: (err: null, body: unknown) => void,
  ) => done(null, payload);
  app.addContentTypeParser('application/octet-stream', passThrough);
  app.addContentTypeParser(/^audio\//, passThrough);
  // SCIM clients send application/scim+json (RFC 7644 section 3.1): JSON, prototype poisoning refused.
  app.addContentTypeParser(
    SCIM_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  for (const id of Object.keys(api) as RouteId[]) {
    const def: RouteDef = api[id];
    const handler = handlers[id] as Handler<Api[RouteId]>;
    app.route({
      method: def.method,
      url: def.path,
      schema: {
        operationId: def.id,
        summary: def.summary,
        tags: [def.area],
        ...(def.auth === 'scim'
          ? { security: [{ scimToken: [] }] }
          : def.auth !== 'public'
            ? { security: [{ token: [] }] }
            : {}),
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        response: {
          [def.status ?? 200]: def.raw ? def.data : envelope(def.data),
          ...(def.auth === 'scim' ? scimErrorResponses : errorResponses),
        },
      },
      config: { routeId: def.id, ...(limits[id] ? { rateLimit: limits[id] } : {}) },
      ...(def.upload ? { bodyLimit: uploadBodyLimit(services.config.mapMaxBytes) } : {}),
      handler: async (request, reply) => {
        const { session, scim } = await authenticate(services, def, request);
        const input = {
          params: def.params ? parsePart(def.params, request.params, 'params') : undefined,
          query: def.query ? parsePart(def.query, request.query ?? {}, 'query') : undefined,
          body: def.stream
            ? streamedBody(request)
            : def.body
              ? parsePart(def.body, request.body ?? {}, 'body')
              : undefined,
        };
        // The handler's own types come from the route; here the union of all routes is erased on purpose.
        if (def.status) reply.code(def.status);
        const data: unknown = await (handler as (i: unknown, c: unknown) => Promise<unknown>)(input, {
          session,
          scim,
          ip: request.ip,
          request,
          reply,
        });
        // A handler that sent its answer itself (a file streamed with its range) hands back the reply.
        if (reply.sent || data === reply) return reply;
        if (services.config.validateResponses && !def.download && !def.binary) assertResponse(def, data);
        if (def.auth === 'scim') return reply.type(SCIM_MEDIA_TYPE).send(data);
        if (def.raw) return reply.send(data);
        return reply.send({ success: true, info: 'ok', data: data ?? null });
      },
    });
  }
}

interface Caller {
  session: Session | null;
  scim: ScimCaller | null;
}

/** Who is calling, checked before any input is read: a caller without the right token learns nothing more. */
async function authenticate(services: Services, def: RouteDef, request: FastifyRequest): Promise<Caller> {
  if (def.auth === 'scim') return { session: null, scim: await authenticateProvider(services, request) };
  const token = tokenFrom(request.headers);
  if (!token) {
    if (def.auth === 'public') return { session: null, scim: null };
    throw unauthorized('Sign in first: this call needs a token');
  }
  const claims = await services.tokens.verify(token);
  const session = claims ? await loadSession(services.dir, claims, await services.sessionOptions()) : null;
  if (!session) {
    if (def.auth === 'public') return { session: null, scim: null };
    throw unauthorized();
  }
  if (def.auth === 'superAdmin' && !session.isSuperAdmin) {
    throw new AppError('FORBIDDEN', 'Only a super admin may do this');
  }
  request.log = request.log.child({ userId: session.userId, companyId: session.companyId });
  return { session, scim: null };
}

/** A SCIM call's bearer token names its company's provider; a console session never stands in for one. */
async function authenticateProvider(services: Services, request: FastifyRequest): Promise<ScimCaller> {
  const token = scimTokenFrom(request.headers);
  const caller = token ? await scimCallerOf(services.dir, token) : null;
  if (!caller) {
    throw new ScimRefusal(
      'UNAUTHORIZED',
      token
        ? 'The SCIM token is not valid: it was replaced or revoked, or never existed'
        : 'Send the company’s SCIM token as Authorization: Bearer …',
      undefined,
      { 'www-authenticate': 'Bearer realm="scim"' },
    );
  }
  request.log = request.log.child({ companyId: caller.companyId, scimConfigId: caller.configId });
  return caller;
}

/** The upload's bytes as they arrive; a body sent as JSON or a form was read already and is refused. */
function streamedBody(request: FastifyRequest): Readable {
  if (request.body instanceof Readable) return request.body;
  throw badRequest('body', 'send the file’s bytes as application/octet-stream');
}

/**
 * Room for a file of `maxBytes` in base64 (4 characters per 3 bytes) plus the JSON around it. A file over the
 * limit but under this is refused by the handler naming the field; only a far larger body is cut off here.
 */
export function uploadBodyLimit(maxBytes: number): number {
  return Math.ceil((maxBytes * 4) / 3) + 256 * 1024;
}

/** In tests every answer must match its contract, so a DTO drifting from the schema fails loudly. */
function assertResponse(def: RouteDef, data: unknown): void {
  const result = def.data.safeParse(data ?? null);
  if (!result.success) {
    throw new Error(`answer of ${def.id} breaks its contract: ${z.prettifyError(result.error)}`);
  }
}
