import type { KpiFormat, KpiWords } from './kpi-format.utils';

/** The English words of analysis.json's `units`, for tests of the formatting. */
export const EN_WORDS: KpiWords = {
  hours: (v) => `${v} h`,
  minutes: (v) => `${v} min`,
  seconds: (v) => `${v} s`,
  perHour: (v) => `${v} /h`,
  hourUnit: 'h',
  minuteUnit: 'min',
};

export const metric: KpiFormat = { system: 'metric', locale: 'en', words: EN_WORDS };
export const imperial: KpiFormat = { system: 'imperial', locale: 'en', words: EN_WORDS };
