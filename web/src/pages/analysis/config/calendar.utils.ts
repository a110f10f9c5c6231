import { type ShiftCalendar, type TimeWindow, WEEKDAYS } from '@fleet/contract';

/**
 * One weekday as the editor shows it: whether robots work, and when (kept while the day is switched off). Its
 * weekday is its place in `days`: the form hands back only the fields it shows, so a weekday kept beside them
 * would be lost on the way.
 */
export interface DayForm {
  works: boolean;
  windows: TimeWindow[];
}

export interface CalendarForm {
  /** Monday to Sunday, always seven. */
  days: DayForm[];
  closedDays: string[];
}

/** What a day switched on starts with. */
export const NEW_WINDOW: TimeWindow = { from: '08:00', to: '17:00' };

export type WindowKind = 'sameDay' | 'overnight' | 'allDay';

/** A window ending before it starts runs into the next day; the same start and end is the whole day. */
export function windowKind({ from, to }: TimeWindow): WindowKind {
  if (from === to) return 'allDay';
  return to < from ? 'overnight' : 'sameDay';
}

export function calendarToForm(calendar: ShiftCalendar): CalendarForm {
  return {
    days: WEEKDAYS.map((weekday) => {
      const windows = calendar.weekly.find((d) => d.weekday === weekday)?.windows ?? [];
      return { works: windows.length > 0, windows: windows.map((w) => ({ ...w })) };
    }),
    closedDays: [...calendar.closedDays].sort(),
  };
}

/**
 * Every weekday is sent, a day off with no windows, so the server's `weekly.<i>` is the editor's row i. A
 * window crossing midnight is sent as typed: it belongs to the day it starts.
 */
export function formToCalendar(form: CalendarForm): ShiftCalendar {
  return {
    weekly: form.days.map((d, i) => ({
      weekday: i + 1,
      windows: d.works ? (d.windows ?? []).map(({ from, to }) => ({ from, to })) : [],
    })),
    closedDays: [...new Set(form.closedDays)].sort(),
  };
}

/** Words of a calendar's one-line summary, in the user's language. */
export interface CalendarWords {
  /** Short weekday name, 1 = Monday. */
  weekday: (weekday: number) => string;
  /** Three weekdays or more in a row: "Mon–Fri". */
  range: (first: string, last: string) => string;
  allDay: string;
  /** The end of a window that crosses midnight: "06:00 (+1)". */
  nextDay: (time: string) => string;
  /** No scheduled hour in the week. */
  never: string;
  closedDays: (count: number) => string;
}

function windowText(w: TimeWindow, words: CalendarWords): string {
  switch (windowKind(w)) {
    case 'allDay':
      return words.allDay;
    case 'overnight':
      return `${w.from}–${words.nextDay(w.to)}`;
    case 'sameDay':
      return `${w.from}–${w.to}`;
  }
}

/** Weekdays named compactly: consecutive runs of three or more as a range. */
function daysText(weekdays: number[], words: CalendarWords): string {
  const runs: number[][] = [];
  for (const d of weekdays) {
    const run = runs.at(-1);
    if (run && run.at(-1) === d - 1) run.push(d);
    else runs.push([d]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [words.range(words.weekday(run[0] ?? 1), words.weekday(run.at(-1) ?? 7))]
        : run.map(words.weekday),
    )
    .join(', ');
}

/** "Mon–Fri 06:00–18:00; Sat 22:00–06:00 (+1) · 2 closed days": weekdays with the same hours together. */
export function summariseCalendar(calendar: ShiftCalendar, words: CalendarWords): string {
  const groups = new Map<string, { windows: TimeWindow[]; weekdays: number[] }>();
  for (const weekday of WEEKDAYS) {
    const windows = calendar.weekly.find((d) => d.weekday === weekday)?.windows ?? [];
    if (windows.length === 0) continue;
    const key = windows.map((w) => `${w.from}-${w.to}`).join(',');
    const group = groups.get(key) ?? { windows, weekdays: [] };
    group.weekdays.push(weekday);
    groups.set(key, group);
  }
  const week = [...groups.values()]
    .map((g) => `${daysText(g.weekdays, words)} ${g.windows.map((w) => windowText(w, words)).join(', ')}`)
    .join('; ');
  const closed = calendar.closedDays.length ? ` · ${words.closedDays(calendar.closedDays.length)}` : '';
  return `${week || words.never}${closed}`;
}
