import { z } from 'zod';

/** Codes every failure carries; one table on the server maps them to HTTP statuses. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNAVAILABLE',
  'NOT_CONFIGURED',
  'WRONG_REGION',
  'INTERNAL',
] as const;
export const errorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCode>;

export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  // Not the client's fault, yet nothing it can change by retrying: a 4xx, never counted as a server failure.
  NOT_CONFIGURED: 409,
  WRONG_REGION: 421,
  UNAVAILABLE: 503,
};

/**
 * A refused field with the rule it broke and the values that rule's words need, beside `info`'s English: a
 * client that words the refusal itself (the console in Chinese) reads these. `path` is as in `info`
 * (`body.landings.2.outside`).
 */
export const fieldIssue = z.object({
  path: z.string(),
  rule: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type FieldIssue = z.infer<typeof fieldIssue>;

/**
 * A refusal of the call as a whole (a conflict: the device is offline, the lift is held) with the rule it broke
 * and the values that rule's words need, beside `info`'s English, for a client that words it itself.
 */
export const refusal = z.object({
  rule: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Refusal = z.infer<typeof refusal>;

/** The body of every answer under /opt. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    info: z.string(),
    data,
    code: errorCode.optional(),
    issues: z.array(fieldIssue).optional(),
    refusal: refusal.optional(),
  });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  info: z.string(),
  data: z.null(),
  code: errorCode,
  issues: z.array(fieldIssue).optional(),
  refusal: refusal.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export interface Envelope<T> {
  success: boolean;
  info: string;
  data: T;
  code?: ErrorCode;
  issues?: FieldIssue[];
  refusal?: Refusal;
}

export const PAGE_LENGTH_MAX = 200;

/** The paging body of every search call: pageIndex counts from 1. */
export function pageBody<T extends z.ZodType>(requestData: T) {
  return z.object({
    pageIndex: z.int().min(1).max(1_000_000),
    pageLength: z.int().min(1).max(PAGE_LENGTH_MAX),
    requestData: requestData.optional(),
  });
}

export function pageResult<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), totalCnt: z.int().min(0) });
}
export interface PageResult<T> {
  list: T[];
  totalCnt: number;
}

export const idParam = z.object({ id: z.uuid() });
export const nothing = z.null();
