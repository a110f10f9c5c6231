import { addDays, type Granularity, isoWeekday } from '@fleet/contract';

/* Trend buckets: a day, the ISO week (from Monday) or the month a day falls in, and every bucket of a range. */

export function bucketOf(date: string, g: Exclude<Granularity, 'hour'>): string {
  if (g === 'day') return date;
  if (g === 'month') return `${date.slice(0, 7)}-01`;
  return addDays(date, 1 - isoWeekday(date));
}

/** Every bucket that meets from..to, in order (the first may start before `from`). */
export function bucketsOf(from: string, to: string, g: Exclude<Granularity, 'hour'>): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const b = bucketOf(d, g);
    if (out[out.length - 1] !== b) out.push(b);
  }
  return out;
}
