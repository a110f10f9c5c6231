import type { BuildingAudioRules, PlaylistSchedule, QuietHours, TimeWindow } from './schedule.js';

/*
 * "May this playlist play now?" on the building's wall clock. The browser and the server both run this file, so
 * it imports no library and reads time zones through Intl alone. Everything is decided on the local wall clock,
 * never on offsets: a local time skipped by spring-forward simply never occurs, and the two instants of a
 * fall-back hour read the same wall clock and so get the same answer.
 */

const MINUTES_PER_DAY = 1440;

/** The wall clock of a time zone at an instant. */
export interface WallClock {
  /** `YYYY-MM-DD` on the zone's calendar. */
  date: string;
  /** ISO weekday: 1 is Monday, 7 is Sunday. */
  weekday: number;
  /** Minutes since local midnight, 0..1439. */
  minute: number;
}

// Building a DateTimeFormat is far dearer than formatting with one, and a robot asks every few seconds.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-US with latn digits so the parts are plain ASCII numbers whatever the runtime's default locale.
    formatter = new Intl.DateTimeFormat('en-US-u-nu-latn', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** ISO weekday of a `YYYY-MM-DD` date; the calendar date alone decides it, so UTC arithmetic is exact. */
function isoWeekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const sundayZero = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** The calendar date before `date`, both `YYYY-MM-DD`. */
function dayBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

/** The wall clock of `timeZone` at `instant`. Throws RangeError for a zone Intl does not know. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const part: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) part[p.type] = p.value;
  const date = `${(part.year ?? '').padStart(4, '0')}-${part.month}-${part.day}`;
  // Some engines print midnight as hour "24" even with h23; it is still the start of the same date.
  const hour = Number(part.hour) % 24;
  return { date, weekday: isoWeekdayOf(date), minute: hour * 60 + Number(part.minute) };
}

/** Minutes since midnight of `HH:MM`. */
export function minuteOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * Which occurrence of a daily window is meant: the one that started on the clock's date, or the one that started
 * the day before (only its after-midnight part can still hold).
 */
export type WindowStart = 'sameDay' | 'dayBefore';

/**
 * Whether the occurrence of `w` that started on `startedOn` holds the clock's minute. The window is [from, to) on
 * its start day; when `to` is before `from` it runs past midnight into the next day; `from` equal to `to` is the
 * whole of its start day.
 */
export function windowHolds(w: TimeWindow, clock: WallClock, startedOn: WindowStart): boolean {
  const from = minuteOf(w.from);
  const to = minuteOf(w.to);
  // Minutes counted from the start day's midnight, so the day after reads 1440 and on.
  const minute = clock.minute + (startedOn === 'dayBefore' ? MINUTES_PER_DAY : 0);
  if (from === to) return minute < MINUTES_PER_DAY;
  const end = to < from ? to + MINUTES_PER_DAY : to;
  return from <= minute && minute < end;
}

/** Whether the building is in its quiet hours at `instant`; quiet hours apply every day. */
export function isQuietAt(quiet: QuietHours, timeZone: string, instant: Date): boolean {
  const clock = wallClockAt(instant, timeZone);
  return quiet.some((w) => windowHolds(w, clock, 'sameDay') || windowHolds(w, clock, 'dayBefore'));
}

export type PlayRefusal = 'notYetValid' | 'expired' | 'weekday' | 'outsideWindows' | 'quietHours';
export type PlayVerdict = { allowed: true } | { allowed: false; reason: PlayRefusal };

// When several reasons apply, the earliest here is reported: dates, then weekday and windows, then quiet hours.
const REFUSAL_ORDER: readonly PlayRefusal[] = [
  'notYetValid',
  'expired',
  'weekday',
  'outsideWindows',
  'quietHours',
];

/** A day a playlist window may have started on, and whether one of its windows starting then holds now. */
interface Occurrence {
  date: string;
  weekday: number;
  windowHolds: boolean;
}

/** The first rule that stops a playlist occurrence started on `o.date`, or null when none does. */
function occurrenceRefusal(schedule: PlaylistSchedule, o: Occurrence): PlayRefusal | null {
  if (schedule.validFrom && o.date < schedule.validFrom) return 'notYetValid';
  if (schedule.validTo && o.date > schedule.validTo) return 'expired';
  if (!schedule.weekdays.includes(o.weekday)) return 'weekday';
  if (!o.windowHolds) return 'outsideWindows';
  return null;
}

/**
 * The days whose playlist windows could be running at `clock`: always its own date, and the day before when the
 * after-midnight part of one of the windows holds, because that part belongs to the day it started on.
 */
function occurrencesAt(schedule: PlaylistSchedule, clock: WallClock): Occurrence[] {
  const { windows } = schedule;
  const today: Occurrence = {
    date: clock.date,
    weekday: clock.weekday,
    windowHolds: windows.length === 0 || windows.some((w) => windowHolds(w, clock, 'sameDay')),
  };
  if (!windows.some((w) => windowHolds(w, clock, 'dayBefore'))) return [today];
  const yesterday: Occurrence = {
    date: dayBefore(clock.date),
    weekday: clock.weekday === 1 ? 7 : clock.weekday - 1,
    windowHolds: true,
  };
  return [today, yesterday];
}

/**
 * Whether a playlist may play at `instant` in a building of `timeZone`. It plays when some occurrence of its
 * windows passes its dates and weekdays and the building is not in quiet hours; otherwise the earliest reason in
 * REFUSAL_ORDER among the occurrences that could be running is given.
 */
export function playlistMayPlayAt(
  schedule: PlaylistSchedule,
  rules: BuildingAudioRules,
  timeZone: string,
  instant: Date,
): PlayVerdict {
  const clock = wallClockAt(instant, timeZone);
  const refusals = occurrencesAt(schedule, clock).map((o) => occurrenceRefusal(schedule, o));
  if (refusals.includes(null)) {
    return isQuietAt(rules.quietHours, timeZone, instant)
      ? { allowed: false, reason: 'quietHours' }
      : { allowed: true };
  }
  const reason = REFUSAL_ORDER.find((r) => refusals.includes(r)) ?? 'outsideWindows';
  return { allowed: false, reason };
}

/** The volume to play at: the requested one, or the building's cap when none is asked; never above the cap or below 0. */
export function cappedVolume(requested: number | undefined, cap: number): number {
  const wanted = requested === undefined || Number.isNaN(requested) ? cap : requested;
  return Math.max(0, Math.min(wanted, cap));
}
