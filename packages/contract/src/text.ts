import { z } from 'zod';

/**
 * Text a client sends: every free-text field, query and path value of the contract is one of these.
 *
 * PostgreSQL refuses a NUL character in text, and a lone UTF-16 surrogate is not a character at all (it cannot be
 * written as UTF-8): both are refused here, naming the field, so no database call ever receives one. Text is
 * trimmed, Unicode-normalised (NFC: "é" typed as e + combining accent equals "é") and its length counted in
 * characters as a user sees them (grapheme clusters: a family emoji is one).
 */
export const NOT_ALLOWED_CHARACTER = 'contains a character that is not allowed';

// A high surrogate not followed by a low one, or a low one not preceded by a high one (String#isWellFormed is
// ES2024, newer than the console's browser baseline).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text holding NUL or a lone surrogate. */
export function isAllowedText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

const graphemes = new Intl.Segmenter();

/** Characters as a user sees them. */
export function visibleLength(value: string): number {
  let n = 0;
  for (const _ of graphemes.segment(value)) n++;
  return n;
}

/** A string of allowed characters only, not trimmed or normalised: secrets, tokens, YAML, search codes. */
export function rawText(max: number) {
  return z
    .string()
    .refine(isAllowedText, { message: NOT_ALLOWED_CHARACTER, abort: true })
    .max(max, `at most ${max} characters`);
}

export interface TextLimits {
  /** At least this many characters; 1 makes the field required ("required" when empty after trimming). */
  min?: number;
  max: number;
}

/** Free text: allowed characters, trimmed, NFC, at most `max` visible characters. */
export function text({ min = 0, max }: TextLimits) {
  const base = z
    .string()
    .refine(isAllowedText, { message: NOT_ALLOWED_CHARACTER, abort: true })
    .trim()
    .normalize('NFC')
    // A string no longer than `max` code units cannot hold more than `max` graphemes: most never segment.
    .refine((s) => s.length <= max || visibleLength(s) <= max, `at most ${max} characters`);
  if (min <= 0) return base;
  return base.refine(
    (s) => s.length > 0 && visibleLength(s) >= min,
    min === 1 ? 'required' : `at least ${min} characters`,
  );
}

/**
 * The path of the first text in `value` (strings and object keys, at any depth) that holds NUL or a lone
 * surrogate, or null. What a request or a robot sends is checked with this before anything else reads it.
 * Iterative: a body nested twenty thousand levels deep must not overflow the stack.
 */
export function findDisallowedText(value: unknown): (string | number)[] | null {
  interface Step {
    value: unknown;
    key?: string | number;
    parent?: Step;
  }
  // Each step points to its parent, so the path is built only for the one text that is refused.
  const pathOf = (step: Step, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let s: Step | undefined = step; s?.key !== undefined; s = s.parent) path.unshift(s.key);
    return path;
  };
  const stack: Step[] = [{ value }];
  while (stack.length) {
    const step = stack.pop() as Step;
    const v = step.value;
    if (typeof v === 'string') {
      if (!isAllowedText(v)) return pathOf(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (const [key] of entries) if (!isAllowedText(key)) return pathOf(step, key);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, key, parent: step });
      }
    }
  }
  return null;
}
