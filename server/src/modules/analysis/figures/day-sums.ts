import { ADDITIVE_FIELDS, type AdditiveField, emptyTotals, type Totals } from '@fleet/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import { analysisGroupDays, analysisRobotDays } from '../../../db/schema/index.js';
import type { HourlyField } from '../rollup/group-days.js';

/*
 * Sums of the roll-ups over a scope: every figure of /analysis starts here. A scope that names no robot reads the
 * groups (company × building × model × day), which hold the same sums as its robot days; one that names robots
 * reads the robot days. Robot counts (distinct robots over a range) do not add across days: they come from the
 * robot days' scope index, never from the groups, but for one day, where a robot is in exactly one group.
 */

const r = analysisRobotDays;
const g = analysisGroupDays;

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

/** The WHERE of a scope over the robot days; excluded rows (test units, left out by the settings) never count. */
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

/** The same scope over the groups (which hold only counted robot days); it cannot name robots. */
function groupWhere(s: DayScope): SQL {
  return and(
    sql`${g.companyId} = any(${list(s.companyIds, 'uuid')})`,
    sql`${g.day} >= ${s.from}::date`,
    sql`${g.day} <= ${s.to}::date`,
    s.buildingIds?.length ? sql`${g.buildingId} = any(${list(s.buildingIds, 'uuid')})` : undefined,
    s.models?.length ? sql`${g.model} = any(${list(s.models, 'text')})` : undefined,
  ) as SQL;
}

/** The table a scope is summed from, its WHERE, and its columns (both tables name them alike). */
export function daySource(s: DayScope) {
  const t = s.robotIds?.length ? r : g;
  return {
    table: t,
    where: t === r ? scopeWhere(s) : groupWhere(s),
    day: t.day,
    hours: (f: HourlyField) => t[f],
    groups: t === g,
  };
}

/** What figures are summed by: a trend bucket, a building or a model, or (robot days only) a robot. */
export type SumKey = 'day' | 'week' | 'month' | 'building' | 'model' | 'robot';

function keyOf(key: SumKey, t: typeof r | typeof g): SQL {
  if (key === 'day') return sql`${t.day}::text`;
  if (key === 'week') return sql`date_trunc('week', ${t.day})::date::text`;
  if (key === 'month') return sql`date_trunc('month', ${t.day})::date::text`;
  if (key === 'building') return sql`coalesce(${t.buildingId}::text, '')`;
  if (key === 'model') return sql`${t.model}`;
  return sql`${r.robotId}::text`;
}

/** `sum(col)` of every additive field as float8 (so the driver gives numbers), named as the field. */
const additiveSums = (t: typeof r | typeof g) =>
  sql.join(
    ADDITIVE_FIELDS.map((f) => sql`coalesce(sum(${t[f]}), 0)::float8 as ${sql.identifier(f)}`),
    sql`, `,
  );

type SumRow = Record<AdditiveField | 'robots' | 'activeRobots' | 'key', number | string | null>;

function toTotals(row: SumRow | undefined, robots?: RobotCount): Totals {
  const t = emptyTotals();
  if (!row) return t;
  for (const f of ADDITIVE_FIELDS) t[f] = Number(row[f]);
  t.robots = Number(robots?.robots ?? row.robots ?? 0);
  t.activeRobots = Number(robots?.activeRobots ?? row.activeRobots ?? 0);
  return t;
}

interface RobotCount {
  robots: number;
  activeRobots: number;
}

/**
 * Distinct robots, and robots that were active on any of the days, per key over the scope: a robot per key first
 * (hashed, from analysis_robot_days_scope_idx alone), then counted.
 */
async function robotCounts(db: Db, scope: DayScope, key?: SumKey): Promise<Map<string, RobotCount>> {
  const k = key ? keyOf(key, r) : sql`''`;
  const rows = await rawRows<{ key: string; robots: number; activeRobots: number }>(
    db,
    sql`select key, count(*)::int as robots, (count(*) filter (where active))::int as "activeRobots"
      from (select ${k} as key, ${r.robotId}, bool_or(${r.active}) as active from ${r} where ${scopeWhere(scope)}
        group by 1, 2) per_robot
      group by key`,
  );
  return new Map(
    rows.map((x) => [String(x.key), { robots: Number(x.robots), activeRobots: Number(x.activeRobots) }]),
  );
}

/** Robot counts beside the sums when the robot days are read: a robot per key, or distinct robots. */
function robotDayCounts(key?: SumKey): SQL {
  if (key === 'robot') return sql`1 as robots, bool_or(${r.active})::int as "activeRobots"`;
  return sql`count(distinct ${r.robotId})::int as robots, (count(distinct ${r.robotId}) filter (where ${r.active}))::int as "activeRobots"`;
}

export async function totalsOf(db: Db, scope: DayScope): Promise<Totals> {
  const src = daySource(scope);
  if (!src.groups) {
    const [row] = await rawRows<SumRow>(
      db,
      sql`select ${additiveSums(r)}, ${robotDayCounts()} from ${r} where ${src.where}`,
    );
    return toTotals(row);
  }
  const [[row], counts] = await Promise.all([
    rawRows<SumRow>(db, sql`select ${additiveSums(g)} from ${g} where ${src.where}`),
    robotCounts(db, scope),
  ]);
  return toTotals(row, counts.get('') ?? { robots: 0, activeRobots: 0 });
}

/** Totals per key (a trend bucket, a robot, a building, a model), keyed by the key's text. */
export async function totalsBy(db: Db, scope: DayScope, key: SumKey): Promise<Map<string, Totals>> {
  const src = daySource(scope);
  if (key === 'robot' || !src.groups) {
    const rows = await rawRows<SumRow>(
      db,
      sql`select ${keyOf(key, r)} as key, ${additiveSums(r)}, ${robotDayCounts(key)} from ${r} where ${scopeWhere(scope)} group by 1`,
    );
    return new Map(rows.map((row) => [String(row.key), toTotals(row)]));
  }
  // A day's robots add across its groups (a robot day is in one group); a longer key's must be counted.
  const perDay =
    key === 'day'
      ? sql`, sum(${g.robots})::int as robots, sum(${g.activeRobots})::int as "activeRobots"`
      : sql``;
  const [rows, counts] = await Promise.all([
    rawRows<SumRow>(
      db,
      sql`select ${keyOf(key, g)} as key, ${additiveSums(g)}${perDay} from ${g} where ${src.where} group by 1`,
    ),
    key === 'day' ? null : robotCounts(db, scope, key),
  ]);
  return new Map(
    rows.map((row) => [
      String(row.key),
      toTotals(row, counts ? (counts.get(String(row.key)) ?? { robots: 0, activeRobots: 0 }) : undefined),
    ]),
  );
}

export const dayColumns = r;
