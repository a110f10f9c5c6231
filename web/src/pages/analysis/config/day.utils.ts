import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

// The pickers show days as "LL" (August 16, 2026 / 2026年8月16日).
dayjs.extend(localizedFormat);

export const DAY_FORMAT = 'YYYY-MM-DD';

/** Today on this browser's calendar: what a new version starts from and the last day a recompute can start. */
export const todayHere = (): string => dayjs().format(DAY_FORMAT);

/** The browser's own zone: where a new report is sent by default. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
