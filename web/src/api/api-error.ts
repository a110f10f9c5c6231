import type { ErrorCode, FieldIssue, Refusal } from '@fleet/contract';

/**
 * `http`: the server answered with a 4xx/5xx; `network`: no answer (offline, timeout, CORS);
 * `business`: a 2xx whose envelope says `success: false`.
 */
export type ApiErrorKind = 'http' | 'network' | 'business';

/** The one error type every failed call turns into. Components branch on `code`, never on `info`. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; undefined when nothing answered. */
  readonly status: number | undefined;
  /** The envelope's code, or the transport's (ECONNABORTED, ERR_NETWORK) when nothing answered. */
  readonly code: ErrorCode | string | undefined;
  /** The server's text naming the field and the reason, or the transport's message. */
  readonly info: string;
  /** Whether the request carried a session token (a 401 then means the session ended). */
  readonly hadToken: boolean;
  /** The refused fields with the rules they broke, when the server names them (to word them in the UI). */
  readonly issues: readonly FieldIssue[];
  /** The rule a refusal of the whole call broke (a conflict), when the server names it (to word it in the UI). */
  readonly refusal: Refusal | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number | undefined;
    code?: string | undefined;
    info: string;
    hadToken?: boolean;
    issues?: readonly FieldIssue[];
    refusal?: Refusal | undefined;
  }) {
    super(init.info);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.info = init.info;
    this.hadToken = init.hadToken ?? false;
    this.issues = init.issues ?? [];
    this.refusal = init.refusal;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return isApiError(error) && error.code === code;
}
