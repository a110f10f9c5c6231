import i18n from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from '../contract-values';
import { readClientSession } from '../session/session-store';
import { DEFAULT_LANGUAGE, normaliseLanguage } from './language';
import { bootNamespaces } from './namespaces';

const backend: HttpBackendOptions = {
  loadPath: '/locales/{{lng}}/{{ns}}.json',
  addPath: '/locales/add/{{lng}}/{{ns}}',
  // Translations change with a deploy, not with the app's hashed files: always ask the server.
  requestOptions: { cache: 'no-store' },
  customHeaders: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
  reloadInterval: false,
};

const session = readClientSession(window.localStorage);

void i18n
  .use(HttpBackend)
  .use(initReactI18next)
  .init<HttpBackendOptions>({
    lng: session.language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    // zh-CN and zh-TW read the zh files (LOCALES-LANGUAGES).
    load: 'languageOnly',
    ns: bootNamespaces(session.token !== null),
    defaultNS: 'common',
    fallbackNS: 'common',
    // LOCALES-RETRY: 5 retries starting at 350 ms (i18next doubles each wait), at most 10 files in flight.
    maxRetries: 5,
    retryTimeout: 350,
    maxParallelReads: 10,
    saveMissing: import.meta.env.DEV,
    interpolation: { escapeValue: false },
    backend,
    react: { useSuspense: true },
  });

// LOCALES-FAILURE: a translation file that cannot be loaded is logged, never shown; keys render until it arrives.
i18n.on('failedLoading', (lng, ns, message) => {
  console.error(`[i18n] could not load ${lng}/${ns}: ${message}`);
});

// The page's own language follows the console's (screen readers, hyphenation, fonts). Dates follow it in
// dayjs-locale.ts, which comes with antd: the sign-in screen shows no date.
i18n.on('languageChanged', (code) => {
  const lng = normaliseLanguage(code) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
});

export default i18n;
