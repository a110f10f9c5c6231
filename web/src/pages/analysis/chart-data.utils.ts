import type {
  AnalysisErrors,
  AnalysisHeatmap,
  Granularity,
  RobotDayStates,
  StateKind,
} from '@fleet/contract';

/*
 * The numbers behind the charts, apart from ECharts: what each axis shows and what a click means is tested here;
 * the components only hand these to ECharts.
 */

function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A trend bucket's start (`2026-08-03`, `2026-08-03T14`) as people read it in `locale`. */
export function bucketLabel(start: string, granularity: Granularity, locale: string): string {
  const [date = '', hour] = start.split('T');
  const at = utcDate(date);
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...o }).format(at);
  switch (granularity) {
    case 'hour':
      return `${f({ month: 'numeric', day: 'numeric' })} ${hour}:00`;
    case 'day':
    case 'week':
      return f({ month: 'short', day: 'numeric' });
    case 'month':
      return f({ year: 'numeric', month: 'short' });
  }
}

/** ISO weekdays 1 (Monday) … 7 (Sunday) by their short names in `locale`. */
export function weekdayNames(locale: string): string[] {
  // 2024-01-01 was a Monday.
  return [1, 2, 3, 4, 5, 6, 7].map((d) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, d)),
    ),
  );
}

export interface HeatPoint {
  /** [hour 0–23, weekday row 0 (Monday)–6, working hours] */
  value: [number, number, number];
  tasks: number;
}

/** Every one of the 7 × 24 cells, empty ones as 0, with working time in hours. */
export function heatPoints(heatmap: AnalysisHeatmap): { points: HeatPoint[]; max: number } {
  const byCell = new Map(heatmap.cells.map((c) => [`${c.weekday} ${c.hour}`, c]));
  const points: HeatPoint[] = [];
  let max = 0;
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const cell = byCell.get(`${weekday} ${hour}`);
      const hours = (cell?.workingS ?? 0) / 3600;
      max = Math.max(max, hours);
      points.push({ value: [hour, weekday - 1, hours], tasks: cell?.tasks ?? 0 });
    }
  }
  return { points, max };
}

export interface ParetoBar {
  code: string;
  count: number;
  robots: number;
  downtimeS: number;
  /** Share of all errors up to and including this code, in percent. */
  cumulative: number;
}

/** The most frequent codes, most first, with the running share of all errors that a Pareto line draws. */
export function paretoBars(errors: AnalysisErrors, limit: number): ParetoBar[] {
  const sorted = [...errors.codes].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
  const total = errors.total || sorted.reduce((n, c) => n + c.count, 0);
  let running = 0;
  return sorted.slice(0, limit).map((c) => {
    running += c.count;
    return { ...c, cumulative: total > 0 ? (running / total) * 100 : 0 };
  });
}

export interface StateBar {
  /** [robot row, start hour, end hour, state] on the robot's own clock, hours from its local midnight. */
  value: [number, number, number, StateKind];
  from: string;
  to: string;
  codes: string[];
}

/** Each robot's intervals as bars on a 0–24 h axis of its own local day (a DST day runs to 23 or 25). */
export function stateBars(robots: readonly RobotDayStates[]): { bars: StateBar[]; hours: number } {
  const bars: StateBar[] = [];
  let hours = 24;
  robots.forEach((r, row) => {
    const start = Date.parse(r.dayStart);
    hours = Math.max(hours, (Date.parse(r.dayEnd) - start) / 3_600_000);
    for (const i of r.intervals) {
      bars.push({
        value: [
          row,
          (Date.parse(i.from) - start) / 3_600_000,
          (Date.parse(i.to) - start) / 3_600_000,
          i.state,
        ],
        from: i.from,
        to: i.to,
        codes: i.codes,
      });
    }
  });
  return { bars, hours: Math.ceil(hours) };
}

/** A calendar date as people read it in `locale`: "Aug 3, 2026", "2026年8月3日". */
export function dayLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }).format(utcDate(date));
}
