import {
  type AnalysisScope,
  addDays,
  type Granularity,
  isoWeekday,
  previousPeriod,
  type RankBy,
  type TaskSearch,
} from '@fleet/contract';
import type { DayRange } from './date-presets.utils';

/** What was clicked: a trend point, a heat-map cell, a Pareto bar or a ranking row. */
export type DrillTarget =
  | { kind: 'bucket'; granularity: Granularity; start: string; previous: boolean }
  | { kind: 'cell'; weekday: number; hour: number }
  | { kind: 'errorCode'; code: string }
  | { kind: 'ranking'; by: RankBy; key: string; name: string };

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

function lastOfMonth(first: string): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The calendar days of a day, week or month bucket, within the range it was cut from. */
export function bucketDays(
  granularity: Exclude<Granularity, 'hour'>,
  start: string,
  range: DayRange,
): DayRange {
  const end = granularity === 'day' ? start : granularity === 'week' ? addDays(start, 6) : lastOfMonth(start);
  return { from: later(start, range.from), to: earlier(end, range.to) };
}

/**
 * The task search behind a click. A bucket is days on each building's own clock, so the scope's dates are
 * narrowed to it rather than turned into instants: one instant range cannot be "that day" in Shanghai and in
 * Berlin at once. An hour is that day and that local hour, which the server reads in each robot's zone too.
 * `noBuildingRobots`: the robots without a building, for the ranking's "no building" row (the scope cannot
 * name "no building").
 */
export function taskSearchFor(
  scope: AnalysisScope,
  target: DrillTarget,
  noBuildingRobots: readonly string[] = [],
): TaskSearch | null {
  switch (target.kind) {
    case 'bucket': {
      const range = target.previous ? previousPeriod(scope.from, scope.to) : scope;
      if (target.granularity === 'hour') {
        const [date = '', hour = ''] = target.start.split('T');
        return {
          scope: { ...scope, from: date, to: date },
          weekday: isoWeekday(date),
          hour: Number(hour),
        };
      }
      const days = bucketDays(target.granularity, target.start, range);
      return days.from <= days.to ? { scope: { ...scope, ...days } } : null;
    }
    case 'cell':
      return { scope, weekday: target.weekday, hour: target.hour };
    case 'errorCode':
      return { scope, errorCode: target.code };
    case 'ranking':
      if (target.by === 'robot') return { scope: { ...scope, robotIds: [target.key] } };
      if (target.by === 'model') return { scope: { ...scope, models: [target.key] } };
      if (target.key) return { scope: { ...scope, buildingIds: [target.key] } };
      return noBuildingRobots.length ? { scope: { ...scope, robotIds: [...noBuildingRobots] } } : null;
  }
}
