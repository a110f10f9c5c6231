import type { Refusal } from '@fleet/contract';
import { type ApiError, isApiError } from '../api-error';
import { type RefusalTranslator, refusalText, wordRule } from '../refusal-words';

/**
 * The audio refusals' words live in the area's own namespace (`audio:refusals.<rule>`); any other rule is worded
 * as every screen words it (`errors:refusals.<rule>`).
 */
export function wordAudioRule(i18n: RefusalTranslator, refusal: Refusal): string | undefined {
  const key = `audio:refusals.${refusal.rule}`;
  return i18n.exists(key) ? i18n.t(key, refusal.params) : wordRule(i18n, refusal);
}

/**
 * A failed audio call in the user's language: its refusal, or every refused field it names (each once); undefined
 * when the server named no rule the console can word (its English is shown then).
 */
export function audioRefusalText(i18n: RefusalTranslator, error: ApiError): string | undefined {
  if (error.refusal) return wordAudioRule(i18n, error.refusal) ?? refusalText(i18n, error);
  if (error.issues.length === 0) return undefined;
  const words = error.issues.map((issue) => wordAudioRule(i18n, issue));
  if (words.some((w) => w === undefined)) return undefined;
  return [...new Set(words)].join('; ');
}

/** A failed call's words for a message in place: the rule's words, else what the server said. */
export function audioErrorText(i18n: RefusalTranslator, error: unknown): string {
  if (!isApiError(error)) return String(error instanceof Error ? error.message : error);
  if (error.kind === 'network')
    return i18n.t('errors:network', { code: error.code ?? '', message: error.info });
  return audioRefusalText(i18n, error) ?? error.info;
}
