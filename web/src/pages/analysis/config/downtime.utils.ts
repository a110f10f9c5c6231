import type { DowntimeRules } from '@fleet/contract';

export interface DowntimeWords {
  allErrors: string;
  /** `codes` is the first few, joined; `count` all of them. */
  listed: (codes: string, count: number) => string;
  offline: string;
  onlineOnly: string;
}

const SHOWN_CODES = 3;

/** "Only E12, E40, E41 +2 · offline counts": which errors, then whether offline time does. */
export function summariseDowntime(rules: DowntimeRules, words: DowntimeWords): string {
  const shown = rules.codes.slice(0, SHOWN_CODES).join(', ');
  const more = rules.codes.length > SHOWN_CODES ? ` +${rules.codes.length - SHOWN_CODES}` : '';
  const errors =
    rules.errors === 'all' ? words.allErrors : words.listed(`${shown}${more}`, rules.codes.length);
  return `${errors} · ${rules.offline ? words.offline : words.onlineOnly}`;
}

/** Codes as typed in the tags field: trimmed, each once, empty ones dropped. */
export function cleanCodes(codes: readonly string[]): string[] {
  return [...new Set(codes.map((c) => c.trim()).filter((c) => c.length > 0))];
}
