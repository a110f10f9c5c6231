import type { Refusal } from '@fleet/contract';
import type { i18n as I18n } from 'i18next';
import type { ApiError } from './api-error';

/** What words a refusal: the console's i18next instance (or a test's). */
export type RefusalTranslator = Pick<I18n, 'exists' | 't'>;

/**
 * The words of a rule the server named (`errors:refusals.<rule>`: the device and lift refusals), with the values
 * it sent; undefined when the console has no words for that rule.
 */
export function wordRule(i18n: RefusalTranslator, { rule, params }: Refusal): string | undefined {
  const key = `errors:refusals.${rule}`;
  return i18n.exists(key) ? i18n.t(key, params) : undefined;
}

/**
 * A failed call in the user's language, from the rules the server named: its refusal, or else the rule of every
 * refused field; undefined when it named none, or one the console cannot word (the server's English is shown).
 */
export function refusalText(i18n: RefusalTranslator, error: ApiError): string | undefined {
  if (error.refusal) return wordRule(i18n, error.refusal);
  if (error.issues.length === 0) return undefined;
  const words = error.issues.map((issue) => wordRule(i18n, issue));
  return words.every((w) => w !== undefined) ? words.join('; ') : undefined;
}

/**
 * The words of each refused field whose rule the console can word, by the field's top-level name (as forms name
 * it: `body.floorId` is floorId); the first, when the server names a field twice.
 */
export function fieldRuleWords(i18n: RefusalTranslator, error: ApiError): Map<string, string> {
  const out = new Map<string, string>();
  for (const issue of error.issues) {
    const field = /^(?:body|query|params)\.([A-Za-z0-9_]+)/.exec(issue.path)?.[1];
    const words = wordRule(i18n, issue);
    if (field && words !== undefined && !out.has(field)) out.set(field, words);
  }
  return out;
}
