import { isApiError } from '../api/api-error';
import { FORM_ERROR_CODES } from '../api/form-error-codes';

/** One complaint of the server: the body field it names (first path segment) and its reason. */
export interface FieldIssue {
  field: string;
  reason: string;
}

/**
 * The server names wrong fields as `body.email: reason`, several joined by `; ` (validation) or one alone
 * (a conflict). Complaints that name no field are dropped here: the caller reports them as a whole.
 */
export function parseFieldIssues(info: string): FieldIssue[] {
  return info.split(/;\s*(?=(?:body|query|params)\.)/).flatMap((part) => {
    const match = /^(?:body|query|params)\.([A-Za-z0-9_]+)[A-Za-z0-9_.]*:\s*([\s\S]*)$/.exec(part.trim());
    return match?.[1] ? [{ field: match[1], reason: (match[2] ?? '').trim() }] : [];
  });
}

export interface PlacedError {
  name: string;
  errors: string[];
}

export interface FieldErrorPlan {
  /** What each form field should show. */
  placed: PlacedError[];
  /** Nothing could be shown on a field: the failure must be reported another way. */
  unplaced: boolean;
}

export type FieldMessage = (field: string, code: string | undefined, reason: string) => string;

/**
 * Where a failed call's complaints go in a form. `fields` maps the body's field names to the form's (a body
 * field missing from it, such as an id, is not shown on any field). Only the codes a form shows in place
 * count; anything else was already told by the API client.
 */
export function planFieldErrors(
  error: unknown,
  fields: Readonly<Record<string, string>>,
  message: FieldMessage,
): FieldErrorPlan {
  if (!isApiError(error) || error.code === undefined || !FORM_ERROR_CODES.includes(error.code)) {
    return { placed: [], unplaced: false };
  }
  const byName = new Map<string, string[]>();
  for (const issue of parseFieldIssues(error.info)) {
    const name = fields[issue.field];
    if (!name) continue;
    byName.set(name, [...(byName.get(name) ?? []), message(issue.field, error.code, issue.reason)]);
  }
  const placed = [...byName].map(([name, errors]) => ({ name, errors }));
  return { placed, unplaced: placed.length === 0 };
}
