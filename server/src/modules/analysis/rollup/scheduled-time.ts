import {
  addDays,
  instantOfMinute,
  isoWeekday,
  type LocalDay,
  localDay,
  type ShiftCalendar,
} from '@fleet/contract';

/** A span of time in ms since the epoch, [start, end). */
export interface Span {
  start: number;
  end: number;
}

const minute = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Joins overlapping or touching spans; the result is sorted and disjoint. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

function windowsOf(calendar: ShiftCalendar, date: string) {
  if (calendar.closedDays.includes(date)) return [];
  return calendar.weekly.find((d) => d.weekday === isoWeekday(date))?.windows ?? [];
}

/**
 * The scheduled spans of one local day: the windows of its weekday (unless it is a closed day), cut at its end,
 * plus the part of the day before's windows that ran past midnight (they belong to the day they start on, so a
 * closed day still gets the tail of the shift that started the night before).
 */
export function scheduledSpans(calendar: ShiftCalendar, day: LocalDay): Span[] {
  const spans: Span[] = [];
  for (const w of windowsOf(calendar, day.date)) {
    const from = minute(w.from);
    const to = minute(w.to);
    const start = instantOfMinute(day, from);
    spans.push({ start, end: to > from ? instantOfMinute(day, to) : day.end });
  }
  const before = addDays(day.date, -1);
  for (const w of windowsOf(calendar, before)) {
    const from = minute(w.from);
    const to = minute(w.to);
    // A window that crosses midnight (or lasts a whole day from a time after midnight) ends here at `to`.
    if (to <= from && to > 0) spans.push({ start: day.start, end: instantOfMinute(day, to) });
  }
  return mergeSpans(spans);
}

/** The scheduled spans of a date in a zone (see scheduledSpans). */
export function scheduledSpansOn(calendar: ShiftCalendar, date: string, timeZone: string): Span[] {
  return scheduledSpans(calendar, localDay(date, timeZone));
}

/** Milliseconds of `span` that fall inside the sorted, disjoint `spans`. */
export function overlapMs(span: Span, spans: readonly Span[]): number {
  let total = 0;
  for (const s of spans) {
    if (s.start >= span.end) break;
    const a = Math.max(s.start, span.start);
    const b = Math.min(s.end, span.end);
    if (b > a) total += b - a;
  }
  return total;
}
