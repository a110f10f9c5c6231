import type { FieldIssue, Refusal } from '@fleet/contract';
import { isAxiosError } from 'axios';
import { ERROR_STATUS } from '../contract-values';
import { ApiError, isApiError } from './api-error';

interface EnvelopeLike {
  success?: unknown;
  info?: unknown;
  code?: unknown;
  issues?: unknown;
  refusal?: unknown;
}

function envelopeOf(body: unknown): EnvelopeLike | undefined {
  return typeof body === 'object' && body !== null ? (body as EnvelopeLike) : undefined;
}

const isRefusal = (v: unknown): v is Refusal =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Refusal).rule === 'string' &&
  typeof (v as Refusal).params === 'object' &&
  (v as Refusal).params !== null;

const isFieldIssue = (v: unknown): v is FieldIssue =>
  isRefusal(v) && typeof (v as FieldIssue).path === 'string';

/** The envelope's refused fields, those well formed; none when it names none. */
function issuesOf(envelope: EnvelopeLike | undefined): FieldIssue[] {
  return Array.isArray(envelope?.issues) ? envelope.issues.filter(isFieldIssue) : [];
}

/** The envelope's refusal of the whole call, when it names one well formed. */
function refusalOf(envelope: EnvelopeLike | undefined): Refusal | undefined {
  return isRefusal(envelope?.refusal) ? envelope.refusal : undefined;
}

/** A 2xx body that reports failure, or undefined when the call succeeded. */
export function businessFailure(body: unknown, status: number, hadToken: boolean): ApiError | undefined {
  const envelope = envelopeOf(body);
  if (envelope?.success !== false) return undefined;
  return new ApiError({
    kind: 'business',
    status,
    code: typeof envelope.code === 'string' ? envelope.code : undefined,
    info: typeof envelope.info === 'string' && envelope.info ? envelope.info : 'request failed',
    hadToken,
    issues: issuesOf(envelope),
    refusal: refusalOf(envelope),
  });
}

/** Turns whatever a call threw into the one ApiError, exactly once. */
export function toApiError(error: unknown, hadToken = false): ApiError {
  if (isApiError(error)) return error;
  if (isAxiosError(error)) {
    const response = error.response;
    if (response) {
      const envelope = envelopeOf(response.data);
      const info = typeof envelope?.info === 'string' && envelope.info ? envelope.info : response.statusText;
      return new ApiError({
        kind: 'http',
        status: response.status,
        code: typeof envelope?.code === 'string' ? envelope.code : codeOfStatus(response.status),
        info: info || error.message,
        hadToken,
        issues: issuesOf(envelope),
        refusal: refusalOf(envelope),
      });
    }
    return new ApiError({
      kind: 'network',
      code: error.code ?? 'ERR_NETWORK',
      info: error.message,
      hadToken,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ kind: 'network', code: 'ERR_UNKNOWN', info: message, hadToken });
}

// Proxies and gateways answer without our envelope; the status still tells the code (the contract's table).
const CODE_OF_STATUS: ReadonlyMap<number, string> = new Map(
  Object.entries(ERROR_STATUS).map(([code, status]) => [status, code]),
);

function codeOfStatus(status: number): string | undefined {
  return CODE_OF_STATUS.get(status);
}

export type ToastLevel = 'error' | 'warning';
export interface ErrorToast {
  level: ToastLevel;
  text: string;
  /** Seconds (SHELL-ERROR-HTTP: 2.5 s). */
  duration: number;
}

const TOAST_SECONDS = 2.5;

// The caller's own mistakes read as warnings; the server's or the network's as errors.
const WARNING_CODES: ReadonlySet<string> = new Set([
  'BAD_REQUEST',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'NOT_CONFIGURED',
]);

/**
 * SHELL-ERROR-HTTP, SHELL-ERROR-NETWORK, SHELL-ERROR-FUNCTIONAL: what the user is told for each kind of failure.
 * `networkText` translates the no-answer case; `refusalText` words a refusal whose rule the server named, in the
 * user's language (undefined: the server's English is shown).
 */
export function toastFor(
  error: ApiError,
  networkText: (code: string, message: string) => string,
  refusalText: (error: ApiError) => string | undefined = () => undefined,
): ErrorToast {
  switch (error.kind) {
    case 'http':
      return {
        level: 'error',
        text: `${error.status}: ${refusalText(error) ?? error.info}`,
        duration: TOAST_SECONDS,
      };
    case 'network':
      return {
        level: 'error',
        text: networkText(error.code ?? 'ERR_NETWORK', error.info),
        duration: TOAST_SECONDS,
      };
    case 'business':
      return {
        level: error.code && WARNING_CODES.has(error.code) ? 'warning' : 'error',
        text: refusalText(error) ?? error.info,
        duration: TOAST_SECONDS,
      };
  }
}
