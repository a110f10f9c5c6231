import type { Language } from '@fleet/contract';
import { sessionStore } from '../session/session-store';
import i18n from './i18n';

/** SHELL-HEADER-LANGUAGE: a language change is stored (i18nextLng) and applied without a reload. */
export async function changeLanguage(lng: Language): Promise<void> {
  sessionStore.getState().set('language', lng);
  await i18n.changeLanguage(lng);
}
