import { GlobalOutlined } from '@ant-design/icons';
import type { Language } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
// From contract-values: the contract module that declares LANGUAGES also declares schemas (zod).
import { LANGUAGES } from '../../contract-values';
import { changeLanguage } from '../../i18n/change-language';
import { LANGUAGE_NAMES } from '../../i18n/language';
import { useSession } from '../../session/session-store';
import { HeaderChoice } from './HeaderChoice';

/** SHELL-HEADER-LANGUAGE: zh or en, stored as `i18nextLng`, applied without a reload. */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  const language = useSession((s) => s.language);
  return (
    <HeaderChoice<Language>
      testId="language-select"
      label={t('language')}
      icon={<GlobalOutlined aria-hidden />}
      value={language}
      options={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
      onChange={(lng) => void changeLanguage(lng)}
    />
  );
}
