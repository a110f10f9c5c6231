import type { Language } from '@fleet/contract';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_THEME } from '../branding/theme';
import './dayjs-locale';
import { DEFAULT_LANGUAGE, normaliseLanguage } from './language';

const ANTD_LOCALES = { en: enUS, zh: zhCN } as const;

/**
 * antd's own texts (pagination, empty states, pickers) in the console's language, or in `lng` when given,
 * with the console's theme.
 */
export function LocaleProvider({ lng, children }: { lng?: Language; children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = lng ?? normaliseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={CONSOLE_THEME}>
      {children}
    </ConfigProvider>
  );
}
