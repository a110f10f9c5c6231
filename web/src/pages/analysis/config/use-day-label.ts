import { useCallback } from 'react';
import { useLanguage } from '../../../components/DateTimeText';
import { dayText } from '../../../components/date-text.utils';

/** A YYYY-MM-DD day as people read it in the console's language ("August 16, 2026", "2026年8月16日"). */
export function useDayLabel(): (day: string) => string {
  const lng = useLanguage();
  return useCallback((day: string) => dayText(day, lng), [lng]);
}
