import type { ErrorCode } from '@fleet/contract';

/** The one error domain code throws; http/error-handler.ts maps its code to a status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra headers the answer must carry (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (why: string) => new AppError('FORBIDDEN', why);
export const badRequest = (field: string, reason: string) =>
  new AppError('BAD_REQUEST', `${field}: ${reason}`);
export const conflict = (why: string) => new AppError('CONFLICT', why);
export const unauthorized = (why = 'Sign in again: the session is missing, expired or ended') =>
  new AppError('UNAUTHORIZED', why);
