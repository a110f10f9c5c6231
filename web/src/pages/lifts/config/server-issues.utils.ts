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

/** Words a broken rule in the user's language; undefined when it has no words for that rule. */
export type RuleWords = (rule: string, params: Record<string, string | number>) => string | undefined;

/**
 * The complaints a form should show in place, or undefined when the failure is not one a form shows. Where the
 * server names the rule each field broke, `words` says it in the user's language; otherwise the server's own.
 */
export function formIssuesOf(error: unknown, words?: RuleWords): PathIssue[] | undefined {
  if (!isApiError(error) || error.code === undefined || !FORM_ERROR_CODES.includes(error.code))
    return undefined;
  const english = parsePathIssues(error.info);
  if (error.issues.length === 0) return english;
  return error.issues.map((issue, i) => ({
    path: issue.path.replace(/^body\./, '').split('.'),
    reason: words?.(issue.rule, issue.params) ?? english[i]?.reason ?? issue.rule,
  }));
}
