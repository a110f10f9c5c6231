import { ADDITIVE_FIELDS, type AdditiveField, emptyTotals, type Totals } from '@fleet/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { analysisRobotDays } from '../../../db/schema/index.js';

/* Sums of the per-robot-day roll-ups over a scope: every figure of /analysis starts here. */

const r = analysisRobotDays;

/** The robot days a figure covers: companies, optionally buildings, robots, models, and a date range. */
export interface DayScope {
  companyIds: readonly string[];
  buildingIds?: readonly string[] | undefined;
  robotIds?: readonly string[] | undefined;
  models?: readonly string[] | undefined;
  from: string;
  to: string;
}

const list = (ids: readonly string[], type: string) => sql`${sql.param([...ids])}::${sql.raw(type)}[]`;

/** The WHERE of a scope; excluded rows (test units, left out by the settings) never count. */
export function scopeWhere(s: DayScope): SQL {
  return and(
    sql`${r.companyId} = any(${list(s.companyIds, 'uuid')})`,
    sql`${r.day} >= ${s.from}::date`,
    sql`${r.day} <= ${s.to}::date`,
    sql`not ${r.excluded}`,
    s.buildingIds?.length ? sql`${r.buildingId} = any(${list(s.buildingIds, 'uuid')})` : undefined,
    s.robotIds?.length ? sql`${r.robotId} = any(${list(s.robotIds, 'uuid')})` : undefined,
    s.models?.length ? sql`${r.model} = any(${list(s.models, 'text')})` : undefined,
  ) as SQL;
}

const COLUMN: Record<AdditiveField, (typeof r)['tasks'] | (typeof r)['distanceM']> = {
  tasks: r.tasks,
  completed: r.completed,
  partial: r.partial,
  cancelled: r.cancelled,
  failed: r.failed,
  calls: r.calls,
  distanceM: r.distanceM,
  plannedAreaM2: r.plannedAreaM2,
  cleanedAreaM2: r.cleanedAreaM2,
  cleaningS: r.cleaningS,
  workingS: r.workingS,
  idleS: r.idleS,
  chargingS: r.chargingS,
  pausedS: r.pausedS,
  errorS: r.errorS,
  offlineS: r.offlineS,
  scheduledS: r.scheduledS,
  scheduledWorkingS: r.scheduledWorkingS,
  downtimeS: r.downtimeS,
  errors: r.errors,
  failures: r.failures,
  repairS: r.repairS,
  interventions: r.interventions,
  liftRides: r.liftRides,
  liftWaitS: r.liftWaitS,
  chargeSessions: r.chargeSessions,
};

/** `sum(col)` for every additive field, as float8 so the driver gives numbers; robot counts beside. */
export const SUM_FIELDS = {
  ...(Object.fromEntries(
    ADDITIVE_FIELDS.map((f) => [f, sql<number>`coalesce(sum(${COLUMN[f]}), 0)::float8`]),
  ) as Record<AdditiveField, SQL<number>>),
  robots: sql<number>`count(distinct ${r.robotId})::int`,
  activeRobots: sql<number>`count(distinct ${r.robotId}) filter (where ${r.active})::int`,
};

type SumRow = { [K in keyof typeof SUM_FIELDS]: number };

export function toTotals(row: SumRow | undefined): Totals {
  const t = emptyTotals();
  if (!row) return t;
  for (const f of ADDITIVE_FIELDS) t[f] = Number(row[f]);
  t.robots = Number(row.robots);
  t.activeRobots = Number(row.activeRobots);
  return t;
}

export async function totalsOf(db: Db, scope: DayScope): Promise<Totals> {
  const [row] = await db.select(SUM_FIELDS).from(r).where(scopeWhere(scope));
  return toTotals(row);
}

/** Totals per group (a trend bucket, a robot, a building, a model), keyed by the group's text. */
export async function totalsBy(db: Db, scope: DayScope, key: SQL<string>): Promise<Map<string, Totals>> {
  const rows = await db
    .select({ key, ...SUM_FIELDS })
    .from(r)
    .where(scopeWhere(scope))
    .groupBy(key);
  return new Map(rows.map((row) => [String(row.key), toTotals(row)]));
}

export const dayColumns = r;
