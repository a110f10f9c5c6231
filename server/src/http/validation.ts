import { findDisallowedText, NOT_ALLOWED_CHARACTER } from '@fleet/contract';
import type { z } from 'zod';
import { AppError } from '../errors.js';

/**
 * Parses one part of a request; the 400 names the first few wrong fields and why. Text holding NUL or a lone
 * surrogate is refused first, whatever the schema: no handler or database call ever sees it.
 */
export function parsePart<T extends z.ZodType>(schema: T, value: unknown, part: string): z.infer<T> {
  const bad = findDisallowedText(value);
  if (bad)
    throw new AppError('BAD_REQUEST', `${[part, ...bad.map(String)].join('.')}: ${NOT_ALLOWED_CHARACTER}`);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('BAD_REQUEST', formatIssues(result.error.issues, part));
}

export function formatIssues(issues: readonly z.core.$ZodIssue[], part: string): string {
  return issues
    .flatMap((issue) => closest(issue))
    .slice(0, 5)
    .map((issue) => {
      const field = [part, ...issue.path.map(String)].join('.');
      return `${field}: ${describe(issue)}`;
    })
    .join('; ');
}

/**
 * A value that matches none of a union's forms is told what the closest form lacks (`account: required`), not
 * "does not match any accepted form": the form with the fewest issues, its paths under the union's own.
 */
function closest(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
  const best = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
  if (best.length === 0) return [issue];
  return best.flatMap((inner) =>
    closest({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue),
  );
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union') return 'does not match any accepted form';
  return issue.message;
}
