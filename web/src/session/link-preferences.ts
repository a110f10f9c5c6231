import type { Language } from '@fleet/contract';
import { normaliseLanguage } from '../i18n/language';

/**
 * APPS-MOBILE: a link may carry the language and region to open in (`/login?lng=zh&region=EU`, the Mobile tab's QR
 * code): a phone that never opened the console starts in its user's language and region.
 */
export function linkPreferences(search: string): { lng?: Language; region?: string } {
  const params = new URLSearchParams(search);
  const lng = normaliseLanguage(params.get('lng'));
  const region = params.get('region')?.trim();
  return { ...(lng ? { lng } : {}), ...(region ? { region } : {}) };
}
