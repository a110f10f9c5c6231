import {
  addDays,
  instantOfMinute,
  isoWeekday,
  localDateOf,
  localDay,
  type ReportFrequency,
} from '@fleet/contract';

/* When a report goes out and which days it covers, on its own time zone's calendar. */

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a report of this frequency goes out on a date: every day, Mondays, or the 1st. */
function sendsOn(frequency: ReportFrequency, date: string): boolean {
  if (frequency === 'weekly') return isoWeekday(date) === 1;
  if (frequency === 'monthly') return date.endsWith('-01');
  return true;
}

/** The first sending strictly after `after` (ms): the next day it goes out, at `sendAt` on that day's clock. */
export function nextRunAfter(
  r: { frequency: ReportFrequency; sendAt: string; timeZone: string },
  after: number,
): number {
  let date = localDateOf(after, r.timeZone);
  for (let i = 0; i < 40; i++, date = addDays(date, 1)) {
    if (!sendsOn(r.frequency, date)) continue;
    const at = instantOfMinute(localDay(date, r.timeZone), minuteOf(r.sendAt));
    if (at > after) return at;
  }
  throw new Error('no sending within 40 days');
}

/** The last complete period before a sending at `runAt`: yesterday, last Monday–Sunday, or last month. */
export function reportPeriod(
  frequency: ReportFrequency,
  runAt: number,
  timeZone: string,
): { from: string; to: string } {
  const today = localDateOf(runAt, timeZone);
  if (frequency === 'daily') return { from: addDays(today, -1), to: addDays(today, -1) };
  if (frequency === 'weekly') {
    const monday = addDays(today, 1 - isoWeekday(today));
    return { from: addDays(monday, -7), to: addDays(monday, -1) };
  }
  const first = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(first, -1);
  return { from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd };
}
