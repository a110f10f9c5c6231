import { api } from '@fleet/contract';
import { AppError } from '../errors.js';

/** RFC 6749 section 5.2's error codes the token endpoint answers. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/** A token request refused with its RFC 6749 code; the error handler answers it as `{error, error_description}`. */
export class OAuthRefusal extends AppError {
  constructor(
    code: ConstructorParameters<typeof AppError>[0],
    readonly oauthError: OAuthErrorCode,
    description: string,
    headers: Record<string, string> = {},
  ) {
    super(code, description, headers);
  }
}

const TOKEN_PATH = api.openToken.path;

/** The token endpoint answers OAuth's own errors, whatever refused the request (its body, its budget). */
export function isTokenPath(url: string): boolean {
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)) === TOKEN_PATH;
}

export function oauthErrorOf(err: AppError): { error: OAuthErrorCode; error_description: string } {
  return {
    error: err instanceof OAuthRefusal ? err.oauthError : 'invalid_request',
    error_description: err.message,
  };
}
