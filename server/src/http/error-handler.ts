import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope, SCIM_MEDIA_TYPE } from '@fleet/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { isTokenPath, oauthErrorOf } from './oauth-errors.js';
import { isScimPath, scimErrorOf } from './scim-errors.js';

/** Codes of drivers and sockets meaning "the database is not reachable now", not "the query is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function toAppError(err: FastifyError | Error): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err))
    return new AppError('UNAVAILABLE', 'The database is unavailable; try again shortly');
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 'body: not valid JSON');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('BAD_REQUEST', `body: ${fe.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'body: too large');
    case 'FST_ERR_BAD_URL':
      return new AppError(
        'BAD_REQUEST',
        'params: not a valid URL (a broken %-escape or a byte that is not UTF-8)',
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('BAD_REQUEST', `params: a path value is at most ${MAX_PARAM_LENGTH} characters`);
  }
  if (fe.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests; try again later');
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('BAD_REQUEST', fe.message);
  }
  return new AppError('INTERNAL', 'Something went wrong on the server; it has been logged');
}

/** The longest path value (`:id`, `:ns`…) the router takes: ids are 36 characters. */
export const MAX_PARAM_LENGTH = 100;

/** Failures the router meets before any route runs (a malformed URL), answered like every other. */
export function handleFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return handleError(err, request, reply);
}

export function errorEnvelope(code: ErrorCode, info: string): ErrorEnvelope {
  return { success: false, info, data: null, code };
}

/**
 * Every failure leaves as the envelope with a code (as a SCIM error under /scim/v2); nothing a client sends may
 * produce a 500.
 */
export function handleError(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(err);
  const status = ERROR_STATUS[appError.code];
  if (status >= 500) {
    request.log.error({ err, route: request.routeOptions.url }, 'request failed');
  } else {
    request.log.info({ code: appError.code, info: appError.message }, 'request refused');
  }
  for (const [name, value] of Object.entries(appError.headers)) reply.header(name, value);
  if (appError.code === 'RATE_LIMITED' && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
  // A provisioning client reads SCIM errors only (RFC 7644 section 3.12): a bad token, body or budget alike.
  if (isScimPath(request.url)) return reply.status(status).type(SCIM_MEDIA_TYPE).send(scimErrorOf(appError));
  // An OAuth client reads RFC 6749's errors only, and must not cache them (section 5.2 with section 5.1's headers).
  if (isTokenPath(request.url))
    return reply.status(status).header('cache-control', 'no-store').send(oauthErrorOf(appError));
  const body: ErrorEnvelope = errorEnvelope(appError.code, appError.message);
  if (appError.issues.length) body.issues = appError.issues;
  if (appError.refusal) body.refusal = appError.refusal;
  return reply.status(status).send(body);
}
