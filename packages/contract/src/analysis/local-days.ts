import { wallClockAt } from '../audio/schedule-rules.js';

/*
 * Days and hours on a building's wall clock. Analysis counts a day from local midnight to local midnight, so a
 * day is 23, 24 or 25 hours long (or 23.5 on Lord Howe), and an hour of the day is the wall-clock hour: the
 * repeated hour of a fall-back night is one bucket of two hours, the skipped hour of spring-forward is empty.
 * Pure and Intl-only, like the audio schedule, so the server, the bench and the console agree.
 */

const MINUTE = 60_000;
const STEP = 15 * MINUTE; // every zone's offset is a whole number of quarter hours

/** The local hour `hour` of a day: from `start` (inclusive) to `end` (exclusive), in ms since the epoch. */
export interface LocalHour {
  hour: number;
  start: number;
  end: number;
}

export interface LocalDay {
  date: string;
  timeZone: string;
  start: number;
  end: number;
  /** The day's wall-clock hours in order; an hour the clock skipped is absent. */
  hours: LocalHour[];
}

/** `YYYY-MM-DD` on the zone's calendar at `instant` (ms). */
export function localDateOf(instant: number, timeZone: string): string {
  return wallClockAt(new Date(instant), timeZone).date;
}

function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/** The calendar date `n` days after `date` (before, when negative). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`: 0 for the same date. */
export function daysBetween(from: string, to: string): number {
  const [a, b, c] = parts(from);
  const [x, y, z] = parts(to);
  return Math.round((Date.UTC(x, y - 1, z) - Date.UTC(a, b - 1, c)) / 86_400_000);
}

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = parts(date);
  const sundayZero = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** Minutes from the wall clock (date, minute) to the target date's midnight; 0 when they are the same. */
function minutesPast(date: string, minute: number, target: string): number {
  return daysBetween(target, date) * 1440 + minute;
}

/** The first instant whose wall-clock date is `date` in the zone. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const [y, m, d] = parts(date);
  let guess = Date.UTC(y, m - 1, d);
  for (let i = 0; i < 4; i++) {
    const c = wallClockAt(new Date(guess), timeZone);
    const off = minutesPast(c.date, c.minute, date);
    if (off === 0) break;
    guess -= off * MINUTE;
  }
  // A midnight the clock skipped: the day starts at the first quarter hour that reads this date.
  while (localDateOf(guess, timeZone) < date) guess += STEP;
  // A midnight the clock repeated: the day starts at its first reading.
  while (localDateOf(guess - STEP, timeZone) === date) guess -= STEP;
  return guess;
}

const days = new Map<string, LocalDay>();
const DAYS_KEPT = 20_000;

/** A local day with its hours; kept, since a roll-up asks for the same few days of a zone again and again. */
export function localDay(date: string, timeZone: string): LocalDay {
  const key = `${timeZone} ${date}`;
  const known = days.get(key);
  if (known) return known;
  const start = startOfLocalDay(date, timeZone);
  const end = startOfLocalDay(addDays(date, 1), timeZone);
  const hours: LocalHour[] = [];
  for (let t = start; t < end; t += STEP) {
    const hour = Math.floor(wallClockAt(new Date(t), timeZone).minute / 60);
    const last = hours[hours.length - 1];
    if (last?.hour === hour) continue;
    if (last) last.end = t;
    hours.push({ hour, start: t, end });
  }
  // The repeated hour of a fall-back night reads the same hour twice in a row: one bucket.
  const day: LocalDay = { date, timeZone, start, end, hours };
  if (days.size >= DAYS_KEPT) days.clear();
  days.set(key, day);
  return day;
}

/** The instant a wall-clock minute of the day begins; a minute the clock skipped maps to where the clock resumed. */
export function instantOfMinute(day: LocalDay, minute: number): number {
  if (minute >= 1440) return day.end;
  const hour = Math.floor(minute / 60);
  for (const h of day.hours) {
    if (h.hour === hour) return Math.min(h.start + (minute % 60) * MINUTE, h.end);
    if (h.hour > hour) return h.start;
  }
  return day.end;
}

/** The dates from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
