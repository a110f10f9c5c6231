import {
  ERROR_STATUS,
  type ErrorCode,
  SCIM_BASE,
  SCIM_SCHEMAS,
  type ScimError,
  type ScimErrorType,
} from '@fleet/contract';
import { AppError } from '../errors.js';

/** Every path of the SCIM service answers its failures as SCIM errors, those the router meets included. */
export const isScimPath = (url: string) =>
  url === SCIM_BASE || url.startsWith(`${SCIM_BASE}/`) || url.startsWith(`${SCIM_BASE}?`);

/** A refusal with SCIM's kind of 400 or 409 (RFC 7644 section 3.12); otherwise an AppError like any other. */
export class ScimRefusal extends AppError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly scimType?: ScimErrorType,
    headers: Record<string, string> = {},
  ) {
    super(code, message, headers);
    this.name = 'ScimRefusal';
  }
}

/** A 400 of SCIM's kind `scimType`. */
export const scimBadRequest = (scimType: ScimErrorType, detail: string) =>
  new ScimRefusal('BAD_REQUEST', detail, scimType);

/** The SCIM error body for any failure: contract 400s are invalid values, 409s uniqueness conflicts. */
export function scimErrorOf(error: AppError): ScimError {
  const status = ERROR_STATUS[error.code];
  const scimType =
    error instanceof ScimRefusal
      ? error.scimType
      : error.code === 'BAD_REQUEST'
        ? 'invalidValue'
        : error.code === 'CONFLICT'
          ? 'uniqueness'
          : undefined;
  return {
    schemas: [SCIM_SCHEMAS.error],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail: error.message,
  };
}
