import type { Language } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../contract-values';
import { changeLanguage } from '../i18n/change-language';
import { LANGUAGE_NAMES } from '../i18n/language';
import { PlainSegmented } from '../plain/PlainSegmented';
import { useSession } from '../session/session-store';

/**
 * The language choice of the login screens: two visible options, one click, and none of a select's popup
 * code (nor antd) on the first page a visitor loads.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const language = useSession((s) => s.language);
  return (
    <PlainSegmented<Language>
      data-testid="language-switch"
      aria-label={t('language')}
      value={language}
      onChange={(lng) => void changeLanguage(lng)}
      options={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
    />
  );
}
