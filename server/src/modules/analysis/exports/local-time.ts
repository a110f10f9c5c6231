/*
 * Instants written on a zone's wall clock as `YYYY-MM-DD HH:MM:SS` (what a spreadsheet reads as a date), for a
 * million exported rows. Intl is exact but costs microseconds a call, twice a row: it is asked once per zone and
 * day for the offset, and a day whose offset changes within it (a clock change) is written by Intl itself.
 */

const DAY = 86_400_000;

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Writes instants on one zone's clock; keeps the offsets of the hours it met. */
export class LocalTimeWriter {
  private readonly intl: Intl.DateTimeFormat;
  /** Offset (ms) of each UTC day since the epoch; NaN when it changes within the day. */
  private readonly offsets = new Map<number, number>();

  constructor(timeZone: string) {
    this.intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** Wall clock minus UTC at a whole second. */
  private offsetAt(t: number): number {
    const p: Record<string, number> = {};
    for (const part of this.intl.formatToParts(t)) p[part.type] = Number(part.value);
    const wall = Date.UTC(
      p.year ?? 0,
      (p.month ?? 1) - 1,
      p.day ?? 1,
      (p.hour ?? 0) % 24,
      p.minute,
      p.second,
    );
    return wall - t;
  }

  format(at: Date): string {
    const t = at.getTime();
    const day = Math.floor(t / DAY);
    let offset = this.offsets.get(day);
    if (offset === undefined) {
      const start = this.offsetAt(day * DAY);
      offset = start === this.offsetAt(day * DAY + DAY - 1000) ? start : Number.NaN;
      this.offsets.set(day, offset);
    }
    const d = new Date(t + offset);
    const year = d.getUTCFullYear();
    // Years before 1000 or after 9999 and days with a clock change: as Intl writes them.
    if (Number.isNaN(offset) || year < 1000 || year > 9999) return this.intl.format(at);
    return `${year}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  }
}

/** One writer per zone, for one file. */
export function localTimes(): (at: Date, timeZone: string) => string {
  const writers = new Map<string, LocalTimeWriter>();
  return (at, timeZone) => {
    let w = writers.get(timeZone);
    if (!w) {
      w = new LocalTimeWriter(timeZone);
      writers.set(timeZone, w);
    }
    return w.format(at);
  };
}
