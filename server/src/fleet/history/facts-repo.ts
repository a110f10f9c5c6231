import { and, asc, desc, eq, gt, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { robotErrorEvents, robotStateIntervals, robotTasks } from '../../db/schema/index.js';

/*
 * Reading the analysis facts the fleet writes (insert-facts.ts): for the roll-up, which finds the days a batch
 * of new rows touched and then reads whole robot days, and for the drill-downs of /analysis.
 */

const iv = robotStateIntervals;
const tk = robotTasks;
const er = robotErrorEvents;

/** No state piece is longer than this (the recorder cuts at 15 minutes, generators at the hour). */
export const LONGEST_PIECE_MS = 3_600_000;

const anyOf = (ids: readonly string[]) => sql.param([...ids]);

/**
 * What was written in (after, upTo] to the millisecond: each row's robot and the span of time it covers. The bounds
 * are JavaScript dates (milliseconds) and `recorded_at` is the database's clock (microseconds): a row written at
 * 12.3456 s belongs to the millisecond 12.345, so it is read by the pass whose bound is 12.345 s, not left to the
 * next one (a write in the same millisecond as the pass that follows it was missed by that pass).
 */
export async function factsRecordedBetween(db: Db, afterMs: Date, upToMs: Date) {
  const after = new Date(afterMs.getTime() + 1);
  const upTo = new Date(upToMs.getTime() + 1);
  const [intervals, tasks, errors] = await Promise.all([
    db
      .select({ robotId: iv.robotId, from: iv.startedAt, to: iv.endedAt })
      .from(iv)
      .where(and(gte(iv.recordedAt, after), lt(iv.recordedAt, upTo))),
    db
      .select({ robotId: tk.robotId, from: tk.endedAt, to: tk.endedAt })
      .from(tk)
      .where(and(gte(tk.recordedAt, after), lt(tk.recordedAt, upTo))),
    db
      .select({ robotId: er.robotId, from: er.startedAt, to: er.startedAt })
      .from(er)
      .where(and(gte(er.recordedAt, after), lt(er.recordedAt, upTo))),
  ]);
  return [...intervals, ...tasks, ...errors];
}

/** What a state piece is read as, by the roll-up and by a task's detail. */
const PIECE_COLUMNS = {
  robotId: iv.robotId,
  state: iv.state,
  startedAt: iv.startedAt,
  endedAt: iv.endedAt,
  errorCodes: iv.errorCodes,
};

/** The facts of some robots over [from, to): pieces overlapping it, tasks ended in it, errors begun in it. */
export async function factsOfRobots(db: Db, robotIds: readonly string[], from: Date, to: Date) {
  if (!robotIds.length) return { intervals: [], tasks: [], errors: [] };
  const ids = anyOf(robotIds);
  const [intervals, tasks, errors] = await Promise.all([
    db
      .select(PIECE_COLUMNS)
      .from(iv)
      .where(
        and(
          sql`${iv.robotId} = any(${ids}::uuid[])`,
          gte(iv.startedAt, new Date(from.getTime() - LONGEST_PIECE_MS)),
          lt(iv.startedAt, to),
        ),
      )
      .orderBy(asc(iv.robotId), asc(iv.startedAt)),
    db
      .select({
        robotId: tk.robotId,
        type: tk.type,
        result: tk.result,
        startedAt: tk.startedAt,
        endedAt: tk.endedAt,
        distanceM: tk.distanceM,
        plannedAreaM2: tk.plannedAreaM2,
        cleanedAreaM2: tk.cleanedAreaM2,
        liftRides: tk.liftRides,
        liftWaitS: tk.liftWaitS,
        interventions: tk.interventions,
      })
      .from(tk)
      .where(and(sql`${tk.robotId} = any(${ids}::uuid[])`, gte(tk.endedAt, from), lt(tk.endedAt, to))),
    db
      .select({ robotId: er.robotId, code: er.code, startedAt: er.startedAt })
      .from(er)
      .where(and(sql`${er.robotId} = any(${ids}::uuid[])`, gte(er.startedAt, from), lt(er.startedAt, to))),
  ]);
  return { intervals, tasks, errors };
}

/** A robot's state pieces overlapping [from, to), in order. */
export function statePiecesOf(
  db: Db,
  companyIds: string | readonly string[],
  robotIds: readonly string[],
  from: Date,
  to: Date,
) {
  return db
    .select(PIECE_COLUMNS)
    .from(iv)
    .where(
      and(
        sql`${iv.companyId} = any(${anyOf(typeof companyIds === 'string' ? [companyIds] : companyIds)}::uuid[])`,
        sql`${iv.robotId} = any(${anyOf(robotIds)}::uuid[])`,
        gte(iv.startedAt, new Date(from.getTime() - LONGEST_PIECE_MS)),
        lt(iv.startedAt, to),
        gt(iv.endedAt, from),
      ),
    )
    .orderBy(asc(iv.robotId), asc(iv.startedAt));
}

export type TaskFactRow = typeof robotTasks.$inferSelect;

/** One window of tasks: these robots' tasks that ended in [from, to). */
export interface TaskWindow {
  robotIds: readonly string[];
  from: Date;
  to: Date;
  /** The robots' zone: a weekday or an hour is read on its clock. */
  timeZone: string;
}

/** Only tasks that ended on this ISO weekday and/or local hour (a heat-map cell). */
export interface LocalSlot {
  weekday?: number | undefined;
  hour?: number | undefined;
}

/**
 * Tasks of a company that ended inside any of the windows (one per time zone: a day range means other
 * instants in each zone), narrowed further by `where`, newest first.
 */
export function tasksIn(
  db: Db,
  /** The companies the caller may analyse (theirs and the subsidiaries they may read). */
  companyIds: readonly string[],
  windows: readonly TaskWindow[],
  where: SQL | undefined,
  slot: LocalSlot = {},
) {
  const inWindow = windows
    .filter((w) => w.robotIds.length)
    .map((w) => {
      const local = sql`(${tk.endedAt} at time zone ${w.timeZone})`;
      return sql`(${and(
        sql`${tk.robotId} = any(${anyOf(w.robotIds)}::uuid[])`,
        sql`${tk.endedAt} >= ${w.from.toISOString()}::timestamptz`,
        sql`${tk.endedAt} < ${w.to.toISOString()}::timestamptz`,
        slot.weekday ? sql`extract(isodow from ${local})::int = ${slot.weekday}` : undefined,
        slot.hour !== undefined ? sql`extract(hour from ${local})::int = ${slot.hour}` : undefined,
      )})`;
    });
  const any = inWindow.length ? sql.join(inWindow, sql` or `) : sql`false`;
  // Every window lies within these: the index reads only this stretch of the company's tasks.
  const from = Math.min(...windows.map((w) => w.from.getTime()));
  const to = Math.max(...windows.map((w) => w.to.getTime()));
  const bounds = windows.length
    ? sql`${tk.endedAt} >= ${new Date(from).toISOString()}::timestamptz and ${tk.endedAt} < ${new Date(to).toISOString()}::timestamptz`
    : undefined;
  // One company is `=`, not `= any(…)`: only then may the planner read robot_tasks_company_idx in the pages' order
  // and stop after a page (with `any`, a year's first page sorted every task of the year: 1.2 s).
  const ofCompanies =
    companyIds.length === 1
      ? eq(tk.companyId, companyIds[0] as string)
      : sql`${tk.companyId} = any(${anyOf(companyIds)}::uuid[])`;
  return {
    count: () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(tk)
        .where(and(ofCompanies, bounds, sql`(${any})`, where)),
    page: (offset: number, limit: number) =>
      db
        .select()
        .from(tk)
        .where(and(ofCompanies, bounds, sql`(${any})`, where))
        .orderBy(desc(tk.endedAt), desc(tk.id))
        .limit(limit)
        .offset(offset),
    /**
     * One company's next `limit` tasks after `last`, newest first: an export reads a million rows a company at a
     * time, each page straight from robot_tasks_company_idx (company, end, id) between the windows' outer bounds.
     */
    after: (companyId: string, last: { endedAt: Date; id: string } | null, limit: number) =>
      db
        .select()
        .from(tk)
        .where(
          and(
            eq(tk.companyId, companyId),
            bounds,
            sql`(${any})`,
            where,
            last
              ? sql`(${tk.endedAt}, ${tk.id}) < (${last.endedAt.toISOString()}::timestamptz, ${last.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(tk.endedAt), desc(tk.id))
        .limit(limit),
  };
}

export const taskColumns = tk;

/** When and by whom tasks recorded at or after `at` (an instant, or a statement's value) ended. */
export function tasksRecordedSince(db: Db, robotIds: readonly string[], at: SQL) {
  return db
    .select({ robotId: tk.robotId, endedAt: tk.endedAt })
    .from(tk)
    .where(and(sql`${tk.recordedAt} >= ${at}`, sql`${tk.robotId} = any(${anyOf(robotIds)}::uuid[])`));
}

/** A task of one of these companies. */
export async function taskOf(
  db: Db,
  companyIds: readonly string[],
  id: string,
): Promise<TaskFactRow | undefined> {
  const [row] = await db
    .select()
    .from(tk)
    .where(and(sql`${tk.companyId} = any(${anyOf(companyIds)}::uuid[])`, eq(tk.id, id)));
  return row;
}

/** The errors a robot had that overlap [from, to]. */
export function errorsDuring(db: Db, companyId: string, robotId: string, from: Date, to: Date) {
  return db
    .select()
    .from(er)
    .where(
      and(
        eq(er.companyId, companyId),
        eq(er.robotId, robotId),
        lte(er.startedAt, to),
        sql`(${er.endedAt} is null or ${er.endedAt} >= ${from.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(er.startedAt));
}
