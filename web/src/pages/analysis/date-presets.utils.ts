import { addDays } from '@fleet/contract';

/** A range of calendar days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  from: string;
  to: string;
}

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last30',
  'thisMonth',
  'lastMonth',
  'thisYear',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date on this computer's clock: the presets count from the day the user sees. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * A preset as calendar days counted back from `today`. "Last 7 days" ends today (today is one of the seven), as
 * in most dashboards; months are whole calendar months, whatever their length.
 */
export function presetRange(preset: DatePreset, today: string): DayRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${y}-${pad(m)}-01`, to: today };
    case 'lastMonth': {
      const year = m === 1 ? y - 1 : y;
      const month = m === 1 ? 12 : m - 1;
      return { from: `${year}-${pad(month)}-01`, to: lastDayOfMonth(year, month) };
    }
    case 'thisYear':
      return { from: `${y}-01-01`, to: today };
  }
}

/** Which preset a range is, if any (to mark it in the picker). */
export function presetOf(range: DayRange, today: string): DatePreset | undefined {
  return DATE_PRESETS.find((p) => {
    const r = presetRange(p, today);
    return r.from === range.from && r.to === range.to;
  });
}
