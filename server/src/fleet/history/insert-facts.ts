import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { robotErrorEvents, robotStateIntervals, robotTasks } from '../../db/schema/index.js';
import { type UnnestColumn, unnestInsert } from '../../db/unnest-insert.js';

/* The analysis facts the fleet writes as they happen: tasks, state intervals, error events (see unnestInsert). */

export type TaskRow = typeof robotTasks.$inferInsert;
export type IntervalRow = typeof robotStateIntervals.$inferInsert;
export type ErrorRow = typeof robotErrorEvents.$inferInsert;

const k = robotTasks;
export const TASK_COLUMNS: UnnestColumn<TaskRow>[] = [
  { column: k.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: k.robotId, type: 'uuid', value: (r) => r.robotId },
  { column: k.buildingId, type: 'uuid', value: (r) => r.buildingId },
  { column: k.orderId, type: 'text', value: (r) => r.orderId },
  { column: k.type, type: 'text', value: (r) => r.type },
  { column: k.startedAt, type: 'timestamptz', value: (r) => r.startedAt },
  { column: k.endedAt, type: 'timestamptz', value: (r) => r.endedAt },
  { column: k.result, type: 'text', value: (r) => r.result },
  { column: k.distanceM, type: 'float8', value: (r) => r.distanceM },
  { column: k.mapIds, type: 'jsonb', value: (r) => r.mapIds ?? [] },
  { column: k.plannedAreaM2, type: 'float8', value: (r) => r.plannedAreaM2 },
  { column: k.cleanedAreaM2, type: 'float8', value: (r) => r.cleanedAreaM2 },
  { column: k.liftRides, type: 'int4', value: (r) => r.liftRides ?? 0 },
  { column: k.liftWaitS, type: 'float8', value: (r) => r.liftWaitS ?? 0 },
  { column: k.interventions, type: 'int4', value: (r) => r.interventions ?? 0 },
  { column: k.errorCodes, type: 'jsonb', value: (r) => r.errorCodes ?? [] },
];

const i = robotStateIntervals;
export const INTERVAL_COLUMNS: UnnestColumn<IntervalRow>[] = [
  { column: i.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: i.robotId, type: 'uuid', value: (r) => r.robotId },
  { column: i.buildingId, type: 'uuid', value: (r) => r.buildingId },
  { column: i.state, type: 'text', value: (r) => r.state },
  { column: i.startedAt, type: 'timestamptz', value: (r) => r.startedAt },
  { column: i.endedAt, type: 'timestamptz', value: (r) => r.endedAt },
  { column: i.errorCodes, type: 'jsonb', value: (r) => r.errorCodes ?? [] },
];

const e = robotErrorEvents;
export const ERROR_COLUMNS: UnnestColumn<ErrorRow>[] = [
  { column: e.id, type: 'uuid', value: (r) => r.id },
  { column: e.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: e.robotId, type: 'uuid', value: (r) => r.robotId },
  { column: e.buildingId, type: 'uuid', value: (r) => r.buildingId },
  { column: e.code, type: 'text', value: (r) => r.code },
  { column: e.level, type: 'text', value: (r) => r.level },
  { column: e.description, type: 'text', value: (r) => r.description },
  { column: e.startedAt, type: 'timestamptz', value: (r) => r.startedAt },
  { column: e.endedAt, type: 'timestamptz', value: (r) => r.endedAt },
];

export async function insertTasks(db: Db, rows: readonly TaskRow[]): Promise<void> {
  if (rows.length) await db.execute(unnestInsert(k, TASK_COLUMNS, rows));
}

export async function insertIntervals(db: Db, rows: readonly IntervalRow[]): Promise<void> {
  if (rows.length) await db.execute(unnestInsert(i, INTERVAL_COLUMNS, rows));
}

/**
 * Opens error events. A robot has at most one open event per code (a partial unique index): an instance that takes
 * a robot over, or starts while its error lasts, sees the error "appear" and finds it open already; it is kept.
 */
export async function insertErrors(db: Db, rows: readonly ErrorRow[]): Promise<void> {
  if (rows.length)
    await db.execute(
      sql`${unnestInsert(e, ERROR_COLUMNS, rows)} on conflict (robot_id, code) where ended_at is null do nothing`,
    );
}

/**
 * Ends open error events, found by robot and code rather than by the id of the row, which another instance may
 * have written (the robot was its own when the error appeared); recorded_at moves so the day they began is rebuilt
 * with their length.
 */
export async function closeErrors(
  db: Db,
  ends: readonly { robotId: string; code: string; endedAt: Date }[],
): Promise<void> {
  if (!ends.length) return;
  const robotIds = sql.param(ends.map((x) => x.robotId));
  const codes = sql.param(ends.map((x) => x.code));
  const at = sql.param(ends.map((x) => x.endedAt.toISOString()));
  await db.execute(sql`update ${e} set ended_at = u.ended_at, recorded_at = now()
    from unnest(${robotIds}::uuid[], ${codes}::text[], ${at}::timestamptz[]) as u(robot_id, code, ended_at)
    where ${e.robotId} = u.robot_id and ${e.code} = u.code and ${e.endedAt} is null`);
}

/** Errors a stopped server left open end when it starts again: it cannot know when they cleared. */
export async function closeOpenErrors(db: Db, at: Date): Promise<void> {
  await db.execute(
    sql`update ${e} set ended_at = ${at.toISOString()}::timestamptz, recorded_at = now() where ended_at is null`,
  );
}
