import type { Language } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, normaliseLanguage } from '../i18n/language';
import { dateText } from './date-text.utils';
import { HoverTooltip } from './HoverTooltip';

/** "3 hours ago", with the exact time on hover, in the console's language. */
export function DateTimeText({ iso }: { iso: string }) {
  const lng = useLanguage();
  return <DateTimeIn iso={iso} lng={lng} />;
}

/** The same in a language given: the robot table reads the language once for every row. */
export function DateTimeIn({ iso, lng }: { iso: string; lng: Language }) {
  const text = dateText(iso, lng);
  return (
    <HoverTooltip title={text.exact}>
      <time dateTime={iso} title={text.exact}>
        {text.relative}
      </time>
    </HoverTooltip>
  );
}

/** The console's language, for texts formatted outside i18next (dates). */
export function useLanguage() {
  const { i18n } = useTranslation();
  return normaliseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
