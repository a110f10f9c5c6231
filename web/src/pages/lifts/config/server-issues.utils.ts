import { isApiError } from '../../../api/api-error';
import { FORM_ERROR_CODES } from '../../../api/form-error-codes';

/** One complaint of the server with its whole body path: `body.landings.2.outside` is ['landings', '2', 'outside']. */
export interface PathIssue {
  path: string[];
  reason: string;
}

/**
 * The server names nested fields by their whole path (`body.policy.doorHoldS: at most 30 s`), several joined by
 * `; `. The shared form helper keeps only the first segment; the lift forms need the rest to find the row.
 */
export function parsePathIssues(info: string): PathIssue[] {
  return info.split(/;\s*(?=body\.)/).flatMap((part) => {
    const match = /^body\.([A-Za-z0-9_.]+):\s*([\s\S]*)$/.exec(part.trim());
    return match?.[1] ? [{ path: match[1].split('.'), reason: (match[2] ?? '').trim() }] : [];
  });
}

/** The complaints a form should show in place, or undefined when the failure is not one a form shows. */
export function formIssuesOf(error: unknown): PathIssue[] | undefined {
  if (!isApiError(error) || error.code === undefined || !FORM_ERROR_CODES.includes(error.code))
    return undefined;
  return parsePathIssues(error.info);
}
