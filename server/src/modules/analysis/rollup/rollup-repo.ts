import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import {
  analysisDirtyDays,
  analysisErrorDays,
  analysisRobotDays,
  analysisRollupMarks,
} from '../../../db/schema/index.js';
import { type UnnestColumn, unnestInsert } from '../../../db/unnest-insert.js';
import { type GroupDay, HOURLY_FIELDS, lockCompanies, rebuildGroups } from './group-days.js';

/* The roll-up's own tables: the queue of robot days to build, the facts mark, the built rows. */

export interface QueuedDay {
  robotId: string;
  companyId: string;
  day: string;
}

const q = analysisDirtyDays;
const QUEUE_COLUMNS: UnnestColumn<QueuedDay>[] = [
  { column: q.robotId, type: 'uuid', value: (r) => r.robotId },
  { column: q.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: q.day, type: 'date', value: (r) => r.day },
];

/** Queues robot days; one already queued is queued again (a build under way will not drop it). */
export async function queueDays(db: Db, rows: readonly QueuedDay[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    await db.execute(
      sql`${unnestInsert(q, QUEUE_COLUMNS, chunk)} on conflict (robot_id, day) do update set queued_at = now()`,
    );
  }
}

export interface TakenDay extends QueuedDay {
  /** As the database wrote it (microseconds): a Date would lose them and never match again. */
  queuedAt: string;
}

/**
 * Queued days a company's day at a time (analysis_dirty_days_order_idx): a batch then touches few (company, day)
 * groups, each summed again from all its robot days. Robot by robot, a batch of a robot's 250 days summed 250 days
 * of the whole fleet again.
 */
export function takeQueued(db: Db, limit: number): Promise<TakenDay[]> {
  return db
    .select({
      robotId: q.robotId,
      companyId: q.companyId,
      day: q.day,
      queuedAt: sql<string>`${q.queuedAt}::text`,
    })
    .from(q)
    .orderBy(q.companyId, q.day, q.robotId)
    .limit(limit);
}

/** Drops built days from the queue, unless they were queued again since they were taken. */
export async function dropQueued(db: Db, taken: readonly TakenDay[]): Promise<void> {
  if (!taken.length) return;
  const ids = sql.param(taken.map((t) => t.robotId));
  const days = sql.param(taken.map((t) => t.day));
  const at = sql.param(taken.map((t) => t.queuedAt));
  await db.execute(sql`delete from ${q} using unnest(${ids}::uuid[], ${days}::date[], ${at}::timestamptz[]) as u(robot_id, day, queued_at)
    where ${q.robotId} = u.robot_id and ${q.day} = u.day and ${q.queuedAt} <= u.queued_at`);
}

export async function queuedCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(q);
  return row?.n ?? 0;
}

const MARK = 'facts';

export async function readMark(db: Db): Promise<Date> {
  const [row] = await db.select().from(analysisRollupMarks).where(sql`${analysisRollupMarks.name} = ${MARK}`);
  return row?.at ?? new Date(0);
}

/** The mark as a value inside another statement (the epoch before the first pass). */
export const markSql = (): SQL =>
  sql`coalesce((select ${analysisRollupMarks.at} from ${analysisRollupMarks} where ${analysisRollupMarks.name} = ${MARK}), 'epoch'::timestamptz)`;

export async function writeMark(db: Db, at: Date): Promise<void> {
  await db
    .insert(analysisRollupMarks)
    .values({ name: MARK, at })
    .onConflictDoUpdate({ target: analysisRollupMarks.name, set: { at } });
}

/** Each robot's last built day, and the days built before they ended (with when). */
export async function builtState(db: Db) {
  const d = analysisRobotDays;
  const [last, open] = await Promise.all([
    db
      .select({ robotId: d.robotId, day: sql<string>`max(${d.day})::text` })
      .from(d)
      .groupBy(d.robotId),
    db.select({ robotId: d.robotId, day: d.day, builtAt: d.builtAt }).from(d).where(sql`not ${d.complete}`),
  ]);
  return { last, open };
}

export type RobotDayRow = typeof analysisRobotDays.$inferInsert;
export type ErrorDayRow = typeof analysisErrorDays.$inferInsert;

const r = analysisRobotDays;
const num = (
  column: (typeof r)[keyof typeof r] & { name: string },
  key: keyof RobotDayRow,
  type = 'float8',
) => ({ column, type, value: (row: RobotDayRow) => row[key] }) as UnnestColumn<RobotDayRow>;

const DAY_COLUMNS: UnnestColumn<RobotDayRow>[] = [
  { column: r.companyId, type: 'uuid', value: (x) => x.companyId },
  { column: r.robotId, type: 'uuid', value: (x) => x.robotId },
  { column: r.day, type: 'date', value: (x) => x.day },
  { column: r.buildingId, type: 'uuid', value: (x) => x.buildingId },
  { column: r.model, type: 'text', value: (x) => x.model },
  { column: r.timeZone, type: 'text', value: (x) => x.timeZone },
  { column: r.excluded, type: 'bool', value: (x) => x.excluded },
  { column: r.complete, type: 'bool', value: (x) => x.complete },
  { column: r.active, type: 'bool', value: (x) => x.active },
  num(r.tasks, 'tasks', 'int4'),
  num(r.completed, 'completed', 'int4'),
  num(r.partial, 'partial', 'int4'),
  num(r.cancelled, 'cancelled', 'int4'),
  num(r.failed, 'failed', 'int4'),
  num(r.calls, 'calls', 'int4'),
  num(r.distanceM, 'distanceM'),
  num(r.plannedAreaM2, 'plannedAreaM2'),
  num(r.cleanedAreaM2, 'cleanedAreaM2'),
  num(r.cleaningS, 'cleaningS'),
  num(r.workingS, 'workingS'),
  num(r.idleS, 'idleS'),
  num(r.chargingS, 'chargingS'),
  num(r.pausedS, 'pausedS'),
  num(r.errorS, 'errorS'),
  num(r.offlineS, 'offlineS'),
  num(r.scheduledS, 'scheduledS'),
  num(r.scheduledWorkingS, 'scheduledWorkingS'),
  num(r.downtimeS, 'downtimeS'),
  num(r.errors, 'errors', 'int4'),
  num(r.failures, 'failures', 'int4'),
  num(r.repairS, 'repairS'),
  num(r.interventions, 'interventions', 'int4'),
  num(r.liftRides, 'liftRides', 'int4'),
  num(r.liftWaitS, 'liftWaitS'),
  num(r.chargeSessions, 'chargeSessions', 'int4'),
  ...HOURLY_FIELDS.map((f) => ({ column: r[f], type: 'float8[]', value: (x: RobotDayRow) => x[f] })),
];

const e = analysisErrorDays;
const ERROR_COLUMNS: UnnestColumn<ErrorDayRow>[] = [
  { column: e.companyId, type: 'uuid', value: (x) => x.companyId },
  { column: e.robotId, type: 'uuid', value: (x) => x.robotId },
  { column: e.day, type: 'date', value: (x) => x.day },
  { column: e.code, type: 'text', value: (x) => x.code },
  { column: e.count, type: 'int4', value: (x) => x.count },
  { column: e.downtimeS, type: 'float8', value: (x) => x.downtimeS },
];

/** `set col = excluded.col` for every column but the key: a row built again replaces the one there. */
const replaceAll = (columns: UnnestColumn<never>[], key: readonly string[]) =>
  sql.raw(
    columns
      .map((c) => c.column.name)
      .filter((n) => !key.includes(n))
      .map((n) => `"${n}" = excluded."${n}"`)
      .join(', '),
  );

/**
 * Replaces the rows of these robot days and sums their groups again, all or nothing. Upserts rather than
 * delete-then-insert: two instances building the same day at once both succeed, the later write standing (both
 * computed the same facts); the company lock makes the later one sum its groups with the earlier one's rows.
 */
export async function writeDays(db: Db, days: readonly RobotDayRow[], errors: readonly ErrorDayRow[]) {
  if (!days.length) return;
  const ids = sql.param(days.map((x) => x.robotId));
  const dates = sql.param(days.map((x) => x.day));
  await db.transaction(async (tx) => {
    // The groups these robot days were in (a robot that moved company leaves its old company's day) and will be in.
    const before = await rawRows<GroupDay>(
      tx,
      sql`select distinct ${r.companyId}::text as "companyId", ${r.day}::text as day from ${r}
        join unnest(${ids}::uuid[], ${dates}::date[]) as u(robot_id, day) on ${r.robotId} = u.robot_id and ${r.day} = u.day`,
    );
    const touched = new Map<string, GroupDay>();
    for (const x of [...before, ...days])
      touched.set(`${x.companyId}|${x.day}`, { companyId: x.companyId, day: x.day });
    await lockCompanies(
      tx,
      [...touched.values()].map((x) => x.companyId),
    );
    await tx.execute(
      sql`${unnestInsert(r, DAY_COLUMNS, days)} on conflict (robot_id, day) do update set ${replaceAll(DAY_COLUMNS as UnnestColumn<never>[], ['robot_id', 'day'])}, built_at = now()`,
    );
    // A code the day no longer has must go: only this day's codes stay.
    await tx.execute(sql`delete from ${e} using unnest(${ids}::uuid[], ${dates}::date[]) as u(robot_id, day)
      where ${e.robotId} = u.robot_id and ${e.day} = u.day`);
    if (errors.length) {
      await tx.execute(
        sql`${unnestInsert(e, ERROR_COLUMNS, errors)} on conflict (robot_id, day, code) do update set ${replaceAll(ERROR_COLUMNS as UnnestColumn<never>[], ['robot_id', 'day', 'code'])}`,
      );
    }
    await rebuildGroups(tx, [...touched.values()]);
  });
}
