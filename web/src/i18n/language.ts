import type { Language } from '@fleet/contract';
import { LANGUAGES } from '../contract-values';

export const DEFAULT_LANGUAGE: Language = 'en';

// Each language is named in itself, whatever the current language: a reader must find their own.
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

/** Only the language part of a code counts (LOCALES-LANGUAGES): zh-CN, zh_TW and ZH are all zh. */
export function normaliseLanguage(code: string | null | undefined): Language | undefined {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((lng) => lng === base);
}

/** The dayjs locale matching a console language. */
export function dayjsLocaleOf(lng: Language): string {
  return lng === 'zh' ? 'zh-cn' : 'en';
}
