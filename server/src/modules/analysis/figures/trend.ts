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
import type { Session } from '../../../auth/sessions.js';
import type { Db } from '../../../db/client.js';
import type { Services } from '../../../services.js';
import { bucketSql, bucketsOf } from './buckets.js';
import { type DayScope, dayColumns, scopeWhere, totalsBy } from './day-sums.js';
import { resolveScope } from './scope.js';

const nulls = () => Object.fromEntries(KPI_IDS.map((id) => [id, null])) as Record<KpiId, number | null>;

async function dayBuckets(db: Db, scope: DayScope, g: 'day' | 'week' | 'month'): Promise<TrendBucket[]> {
  const sums = await totalsBy(db, scope, bucketSql(g));
  return bucketsOf(scope.from, scope.to, g).map((start) => ({
    start,
    values: kpiValues(sums.get(start) ?? emptyTotals()),
  }));
}

/**
 * Hours come from each robot day's hourly sums: tasks done, working time and utilisation have a value per hour;
 * figures that need a whole day (availability, MTBF…) are null in an hourly trend.
 */
async function hourBuckets(db: Db, scope: DayScope): Promise<TrendBucket[]> {
  const r = dayColumns;
  const rows = await db
    .select({
      day: r.day,
      working: r.workingByHour,
      completed: r.completedByHour,
      scheduled: r.scheduledByHour,
      scheduledWorking: r.scheduledWorkingByHour,
    })
    .from(r)
    .where(scopeWhere(scope));
  const sums = new Map<
    string,
    { working: number; completed: number; scheduled: number; scheduledWorking: number }
  >();
  for (const row of rows) {
    for (let h = 0; h < HOURS_PER_DAY; h++) {
      const key = `${row.day}T${String(h).padStart(2, '0')}`;
      const s = sums.get(key) ?? { working: 0, completed: 0, scheduled: 0, scheduledWorking: 0 };
      s.working += row.working[h] ?? 0;
      s.completed += row.completed[h] ?? 0;
      s.scheduled += row.scheduled[h] ?? 0;
      s.scheduledWorking += row.scheduledWorking[h] ?? 0;
      sums.set(key, s);
    }
  }
  const out: TrendBucket[] = [];
  for (let d = scope.from; d <= scope.to; d = addDays(d, 1)) {
    for (let h = 0; h < HOURS_PER_DAY; h++) {
      const start = `${d}T${String(h).padStart(2, '0')}`;
      const s = sums.get(start);
      const values = nulls();
      values.tasksDone = s?.completed ?? 0;
      values.workingHours = s?.working ?? 0;
      values.utilisation = s && s.scheduled > 0 ? s.scheduledWorking / s.scheduled : null;
      out.push({ start, values });
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
