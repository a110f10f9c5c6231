import type { Language } from '@fleet/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { dayjsLocaleOf } from '../i18n/language';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

export interface DateText {
  /** "3 hours ago", "3 小时前". */
  relative: string;
  /** The full date and time in the language's own order. */
  exact: string;
}

/** A moment as people read it in `lng`; `now` is passed so the text is testable. */
export function dateText(iso: string, lng: Language, now: Date = new Date()): DateText {
  const at = dayjs(iso).locale(dayjsLocaleOf(lng));
  return { relative: at.from(dayjs(now)), exact: at.format('LLL') };
}

/** A day, for creation dates: "August 16, 2026", "2026年8月16日". */
export function dayText(iso: string, lng: Language): string {
  return dayjs(iso).locale(dayjsLocaleOf(lng)).format('LL');
}
