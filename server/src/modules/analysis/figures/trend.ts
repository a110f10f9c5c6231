import {
  type AnalysisFilter,
  type AnalysisTrend,
  addDays,
  emptyTotals,
  HOURS_PER_DAY,
  KPI_IDS,
  type KpiId,
  kpiValues,
  previousPeriod,
  type TrendBucket,
} from '@fleet/contract';
import { sql } from 'drizzle-orm';
import type { Session } from '../../../auth/sessions.js';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { Services } from '../../../services.js';
import type { HourlyField } from '../rollup/group-days.js';
import { bucketsOf } from './buckets.js';
import { type DayScope, daySource, totalsBy } from './day-sums.js';
import { resolveScope } from './scope.js';

const nulls = () => Object.fromEntries(KPI_IDS.map((id) => [id, null])) as Record<KpiId, number | null>;

async function dayBuckets(db: Db, scope: DayScope, g: 'day' | 'week' | 'month'): Promise<TrendBucket[]> {
  const sums = await totalsBy(db, scope, g);
  return bucketsOf(scope.from, scope.to, g).map((start) => ({
    start,
    values: kpiValues(sums.get(start) ?? emptyTotals()),
  }));
}

/** The four hourly arrays a trend reads, and the names their sums take. */
const HOURLY: readonly (readonly [string, HourlyField])[] = [
  ['w', 'workingByHour'],
  ['c', 'completedByHour'],
  ['s', 'scheduledByHour'],
  ['x', 'scheduledWorkingByHour'],
];

/**
 * Hours come from each robot day's (or group's) hourly sums: tasks done, working time and utilisation have a value per hour;
 * figures that need a whole day (availability, MTBF…) are null in an hourly trend. The database adds them up, a
 * row per day with its hours side by side: the robot days' arrays read into the server cost a week of a thousand
 * robots a third of a second.
 */
async function hourBuckets(db: Db, scope: DayScope): Promise<TrendBucket[]> {
  const src = daySource(scope);
  const sums = HOURLY.flatMap(([name, field]) =>
    Array.from(
      { length: HOURS_PER_DAY },
      (_, h) =>
        sql`, sum(${src.hours(field)}[${sql.raw(String(h + 1))}])::float8 as ${sql.identifier(`${name}${h}`)}`,
    ),
  );
  const rows = await rawRows<Record<string, number | string>>(
    db,
    sql`select ${src.day}::text as day${sql.join(sums)} from ${src.table} where ${src.where} group by ${src.day}`,
  );
  const byDay = new Map(rows.map((row) => [String(row.day), row]));
  const at = (row: Record<string, number | string> | undefined, name: string, h: number) =>
    Number(row?.[`${name}${h}`] ?? 0);
  const out: TrendBucket[] = [];
  for (let d = scope.from; d <= scope.to; d = addDays(d, 1)) {
    const row = byDay.get(d);
    for (let h = 0; h < HOURS_PER_DAY; h++) {
      const values = nulls();
      values.tasksDone = at(row, 'c', h);
      values.workingHours = at(row, 'w', h);
      const scheduled = at(row, 's', h);
      values.utilisation = scheduled > 0 ? at(row, 'x', h) / scheduled : null;
      out.push({ start: `${d}T${String(h).padStart(2, '0')}`, values });
    }
  }
  return out;
}

export async function analysisTrend(
  services: Services,
  session: Session,
  filter: AnalysisFilter,
): Promise<AnalysisTrend> {
  const resolved = await resolveScope(services, session, filter);
  const g = filter.granularity;
  const of = (scope: DayScope) =>
    g === 'hour' ? hourBuckets(services.reg, scope) : dayBuckets(services.reg, scope, g);
  const previous = filter.compare ? previousPeriod(filter.from, filter.to) : null;
  const [buckets, before] = await Promise.all([
    of(resolved.day),
    previous ? of({ ...resolved.day, ...previous }) : null,
  ]);
  // Bucket for bucket: the period before has as many days, but may cut into one bucket more or fewer.
  const aligned = before ? buckets.map((_, i) => before[i] ?? { start: '', values: nulls() }) : null;
  return { granularity: g, buckets, previous: aligned };
}
