import type { TFunction } from 'i18next';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** A contract schema's complaint in the user's language (the contract's own texts are English). */
export function messageOf(issue: Issue | undefined, t: TFunction): string {
  if (!issue) return t('errors:validation.invalid');
  switch (issue.code) {
    case 'too_small':
      return t('errors:validation.tooShort', { min: Number(issue.minimum) });
    case 'too_big':
      return t('errors:validation.tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('errors:validation.email') : t('errors:validation.format');
    default:
      return t('errors:validation.invalid');
  }
}

/**
 * An antd form rule that checks a value with the same zod schema the server applies, so the form and the
 * API cannot disagree. Empty values are left to a `required` rule. `message` replaces the generic text.
 */
export function zodRule(schema: z.ZodType, t: TFunction, message?: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(message ?? messageOf(result.error.issues[0], t));
    },
  };
}
