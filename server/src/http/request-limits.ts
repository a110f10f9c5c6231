import { createHash } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tokenFrom } from '../auth/tokens.js';

/** How much a client may ask of one instance, and how long it may take to ask (docs/operations.md "Limits"). */
export interface RequestLimits {
  /** API calls per minute with one token (a signed-in browser, a script). */
  perToken: number;
  /** API calls per minute from one address without a token. */
  perAddress: number;
  /** Largest request header block, in bytes (Node answers 431 above it). */
  maxHeaderBytes: number;
  /** Time to receive the request headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included (a floor map upload on a slow link must fit). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

/**
 * Only the API counts against the budgets: the console's own files are many small requests per page. A SCIM
 * client's bearer token is its key like a session's token, so each provider has the per-token budget.
 */
const COUNTED = /^\/(opt|tars|locales|scim)\//;
/**
 * The open API's calls have their application's own rate limit (chosen per application, modules/apps/app-gate.ts)
 * instead of the per-token budget; its token endpoint is a public call like any other.
 */
const OPEN_API = /^\/opt\/open\/v1\/(?!oauth\/token(?:\?|$))/;

const keyOf = (request: FastifyRequest): string => {
  const token = tokenFrom(request.headers);
  // The token is hashed: keys are kept in memory and may be logged by the plugin on a refusal.
  return token
    ? `token:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`
    : `ip:${request.ip}`;
};

/**
 * Per-token and per-address budgets on the API: 429 with Retry-After past them. Kept in each instance's memory
 * (several instances behind a balancer each allow the budget: what one client gets is at most N times it, which
 * bounds abuse without a shared store on the request path). Routes may set a lower budget of their own
 * (`config.rateLimit`), as the public calls that send mail do.
 */
export async function registerRequestBudgets(app: FastifyInstance, limits: RequestLimits): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    timeWindow: '1 minute',
    max: (_request: FastifyRequest, key: string) =>
      key.startsWith('token:') ? limits.perToken : limits.perAddress,
    keyGenerator: keyOf,
    allowList: (request: FastifyRequest) => !COUNTED.test(request.url) || OPEN_API.test(request.url),
  });
}

/** The HTTP server with header size and slow-client limits: a client trickling its headers is cut off. */
export function limitedServer(limits: RequestLimits) {
  return (handler: RequestListener<typeof IncomingMessage, typeof ServerResponse>): Server => {
    const server = createServer(
      {
        maxHeaderSize: limits.maxHeaderBytes,
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // How often Node checks the two timeouts above: at most a second late.
        connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
      },
      handler,
    );
    return server;
  };
}
