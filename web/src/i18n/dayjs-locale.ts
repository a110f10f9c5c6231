import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from './i18n';
import { DEFAULT_LANGUAGE, dayjsLocaleOf, normaliseLanguage } from './language';

// antd's pickers and every dayjs date follow the console's language. Loaded with antd (LocaleProvider), not
// with the first page: the sign-in screen shows no date.
function follow(code: string | undefined): void {
  dayjs.locale(dayjsLocaleOf(normaliseLanguage(code) ?? DEFAULT_LANGUAGE));
}

follow(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', follow);
