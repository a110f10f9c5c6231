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
import { type AppCaller, appCallerOf, appTokenFrom } from '../auth/app-tokens.js';
import { type ScimCaller, scimCallerOf, scimTokenFrom } from '../auth/scim-tokens.js';
import { loadSession, type Session } from '../auth/sessions.js';
import { tokenFrom } from '../auth/tokens.js';
import { AppError, badRequest, unauthorized } from '../errors.js';
import type { Services } from '../services.js';
import type { Handler, Handlers } from './handlers.js';
import { isTokenPath } from './oauth-errors.js';
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
  // OAuth 2.0's token endpoint takes a form (RFC 6749 section 4.4.2); a name given twice is refused by the handler's
  // schema seeing an array, never silently one of the two.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      const form: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        const had = form[k];
        form[k] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v];
      }
      done(null, form);
    },
  );
  // Every open API call counts towards its application's usage chart, refused ones apart.
  app.addHook('onResponse', async (request, reply) => {
    if (request.apiAppId) services.appGate.count(request.apiAppId, reply.statusCode >= 400);
  });
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
        ...(def.tag ? { tags: [def.tag] } : {}),
        ...(def.auth === 'scim'
          ? { security: [{ scimToken: [] }] }
          : def.auth === 'app'
            ? { security: [{ appToken: def.scope ? [def.scope] : [] }] }
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
      config: { routeId: def.id, callers: def.auth, ...(limits[id] ? { rateLimit: limits[id] } : {}) },
      ...(def.upload ? { bodyLimit: uploadBodyLimit(services.config.mapMaxBytes) } : {}),
      handler: async (request, reply) => {
        const { session, scim, app: apiApp } = await authenticate(services, def, request);
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
          app: apiApp,
          ip: request.ip,
          request,
          reply,
        });
        // A handler that sent its answer itself (a file streamed with its range) hands back the reply.
        if (reply.sent || data === reply) return reply;
        if (services.config.validateResponses && !def.download && !def.binary) assertResponse(def, data);
        if (def.auth === 'scim') return reply.type(SCIM_MEDIA_TYPE).send(data);
        // RFC 6749 section 5.1: a token answer is never cached.
        if (isTokenPath(request.url)) reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        if (def.raw) return reply.send(data);
        return reply.send({ success: true, info: 'ok', data: data ?? null });
      },
    });
  }
}

interface Caller {
  session: Session | null;
  scim: ScimCaller | null;
  app: AppCaller | null;
}

const NOBODY: Caller = { session: null, scim: null, app: null };

/** Who is calling, checked before any input is read: a caller without the right token learns nothing more. */
async function authenticate(services: Services, def: RouteDef, request: FastifyRequest): Promise<Caller> {
  if (def.auth === 'scim') return { ...NOBODY, scim: await authenticateProvider(services, request) };
  if (def.auth === 'app') return { ...NOBODY, app: await authenticateApp(services, def, request) };
  const token = tokenFrom(request.headers);
  if (!token) {
    if (def.auth === 'public') return NOBODY;
    throw unauthorized('Sign in first: this call needs a token');
  }
  const claims = await services.tokens.verify(token);
  const session = claims
    ? await loadSession(services.dir, claims, await services.sessionOptions(), services.auth)
    : null;
  if (!session) {
    if (def.auth === 'public') return NOBODY;
    throw unauthorized();
  }
  if (def.auth === 'superAdmin' && !session.isSuperAdmin) {
    throw new AppError('FORBIDDEN', 'Only a super admin may do this');
  }
  request.log = request.log.child({ userId: session.userId, companyId: session.companyId });
  return { ...NOBODY, session };
}

/**
 * An open API call: the application's live access token (RFC 6750 bearer), then its allowed addresses, its rate
 * limit and the route's scope, each refused with the status and WWW-Authenticate an OAuth client expects.
 */
async function authenticateApp(
  services: Services,
  def: RouteDef,
  request: FastifyRequest,
): Promise<AppCaller> {
  const token = appTokenFrom(request.headers);
  const caller = token ? await appCallerOf(services.reg, token) : null;
  if (!caller) {
    throw new AppError(
      'UNAUTHORIZED',
      token
        ? 'The access token is not valid: it expired, its application was revoked or expired, or its secret was rotated out'
        : 'Send an access token from /opt/open/v1/oauth/token as Authorization: Bearer …',
      {
        'www-authenticate': token
          ? 'Bearer realm="open-api", error="invalid_token"'
          : 'Bearer realm="open-api"',
      },
    );
  }
  request.apiAppId = caller.appId;
  request.log = request.log.child({ companyId: caller.companyId, apiAppId: caller.appId });
  if (!services.appGate.allows(caller.ipRanges, request.ip)) {
    throw new AppError(
      'FORBIDDEN',
      `Calls from ${request.ip} are not allowed: the application accepts only its allowed IP ranges`,
    );
  }
  const wait = services.appGate.take(caller.appId, caller.rateLimitPerMinute);
  if (wait !== null) {
    throw new AppError(
      'RATE_LIMITED',
      `The application may make ${caller.rateLimitPerMinute} calls a minute; try again in ${wait} s`,
      { 'retry-after': String(wait) },
    );
  }
  if (def.scope && !caller.tokenScopes.includes(def.scope)) {
    throw new AppError(
      'FORBIDDEN',
      caller.scopes.includes(def.scope)
        ? `This token was not issued for the scope ${def.scope}: ask for it at the token endpoint`
        : `The application does not have the scope ${def.scope}`,
      { 'www-authenticate': `Bearer realm="open-api", error="insufficient_scope", scope="${def.scope}"` },
    );
  }
  return caller;
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The API application an open API call was authenticated as: its usage is counted when the answer leaves. */
    apiAppId?: string;
  }
}

/** Who may call the request's route (`user`, `app`, `public`…), as the contract says; undefined off the contract. */
export function callersOf(request: FastifyRequest): RouteDef['auth'] | undefined {
  return (request.routeOptions.config as { callers?: RouteDef['auth'] } | undefined)?.callers;
}
