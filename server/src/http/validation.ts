import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Parses one part of a request; the 400 names the first few wrong fields and why. */
export function parsePart<T extends z.ZodType>(schema: T, value: unknown, part: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('BAD_REQUEST', formatIssues(result.error.issues, part));
}

export function formatIssues(issues: readonly z.core.$ZodIssue[], part: string): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const field = [part, ...issue.path.map(String)].join('.');
      return `${field}: ${describe(issue)}`;
    })
    .join('; ');
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'required';
  if (issue.code === 'unrecognized_keys') return `unknown field ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_union') return 'does not match any accepted form';
  return issue.message;
}
