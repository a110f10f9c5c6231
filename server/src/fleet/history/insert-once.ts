import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  robotErrorEvents,
  robotStateIntervals,
  robotStateSamples,
  robotTasks,
} from '../../db/schema/index.js';
import { type UnnestColumn, unnestAlias, unnestInsert } from '../../db/unnest-insert.js';
import {
  ERROR_COLUMNS,
  type ErrorRow,
  INTERVAL_COLUMNS,
  type IntervalRow,
  TASK_COLUMNS,
  type TaskRow,
} from './insert-facts.js';
import { SAMPLE_COLUMNS, type SampleRow } from './insert-samples.js';

/*
 * The history's inserts while the robots change hands among instances (one joined, stopped or died): the one that
 * had a robot and the one that takes it may both hold rows of the same moments, each timed by its own clock when it
 * heard the message (a few milliseconds apart). Each insert here leaves out what the other already wrote, so a
 * robot's history has neither a gap nor a moment twice.
 */

/** How far apart two instances' times of one message may be (their broker's fan-out, their event loops). */
const SAME_MESSAGE = sql.raw(`interval '1 second'`);
/** How far apart two instances' times of one task's or error's end may be (a ride ends on the command's answer). */
const SAME_FACT = sql.raw(`interval '5 seconds'`);

const col =
  <Row>(columns: UnnestColumn<Row>[]) =>
  (c: PgColumn) =>
    unnestAlias(columns, c);

/** The columns that say what a sample is: two samples of the robot alike in these, close in time, are one message. */
const SAMPLE_CONTENT = [
  robotStateSamples.status,
  robotStateSamples.connection,
  robotStateSamples.mapId,
  robotStateSamples.x,
  robotStateSamples.y,
  robotStateSamples.theta,
  robotStateSamples.battery,
  robotStateSamples.charging,
  robotStateSamples.orderId,
  robotStateSamples.errorCount,
] as const;

const sameContent = (p: SampleRow, q: SampleRow) =>
  p.status === q.status &&
  (p.connection ?? null) === (q.connection ?? null) &&
  (p.mapId ?? null) === (q.mapId ?? null) &&
  (p.x ?? null) === (q.x ?? null) &&
  (p.y ?? null) === (q.y ?? null) &&
  (p.theta ?? null) === (q.theta ?? null) &&
  (p.battery ?? null) === (q.battery ?? null) &&
  p.charging === q.charging &&
  (p.orderId ?? null) === (q.orderId ?? null) &&
  p.errorCount === q.errorCount;

/**
 * Samples, less those another instance wrote of the same message: a sample of the same robot alike in every
 * column, a second apart at most, with no other sample of the robot between the two (a robot paused and resumed
 * within the second is two messages, not one). "Between" covers this write's own rows: each row goes with the times
 * of its robot's nearest unlike rows in the write, before and after it.
 */
export async function insertSamplesOnce(db: Db, rows: readonly SampleRow[]): Promise<void> {
  if (!rows.length) return;
  const t = robotStateSamples;
  const u = col(SAMPLE_COLUMNS);
  const { before, after } = unlikeNeighbours(rows);
  const n = SAMPLE_COLUMNS.length;
  const [unlikeBefore, unlikeAfter] = [sql.raw(`u.v${n}`), sql.raw(`u.v${n + 1}`)];
  const alike = (r: string) =>
    sql.join(
      SAMPLE_CONTENT.map((c) => sql`${sql.raw(r)}.${sql.identifier(c.name)} is not distinct from ${u(c)}`),
      sql` and `,
    );
  const join = sql`where not exists (select 1 from ${t} r
    where r.robot_id = ${u(t.robotId)}
      and r.at between ${u(t.at)} - ${SAME_MESSAGE} and ${u(t.at)} + ${SAME_MESSAGE}
      and ${alike('r')}
      and r.at > coalesce(${unlikeBefore}, '-infinity'::timestamptz)
      and r.at < coalesce(${unlikeAfter}, 'infinity'::timestamptz)
      and not exists (select 1 from ${t} m
        where m.robot_id = ${u(t.robotId)}
          and m.at > least(r.at, ${u(t.at)}) and m.at < greatest(r.at, ${u(t.at)})
          and not (${alike('m')})))`;
  await db.execute(
    unnestInsert(t, SAMPLE_COLUMNS, rows, {
      join,
      extra: [
        { type: 'timestamptz', values: before },
        { type: 'timestamptz', values: after },
      ],
    }),
  );
}

/** For each row, the time of the nearest earlier and later row of its robot in `rows` unlike it (null: none). */
function unlikeNeighbours(rows: readonly SampleRow[]): { before: (Date | null)[]; after: (Date | null)[] } {
  const before: (Date | null)[] = rows.map(() => null);
  const after: (Date | null)[] = rows.map(() => null);
  const byRobot = new Map<string, number[]>();
  rows.forEach((r, i) => {
    const list = byRobot.get(r.robotId);
    if (list) list.push(i);
    else byRobot.set(r.robotId, [i]);
  });
  for (const list of byRobot.values()) {
    if (list.length < 2) continue;
    const ordered = [...list].sort((p, q) => (rows[p]?.at.getTime() ?? 0) - (rows[q]?.at.getTime() ?? 0));
    ordered.forEach((i, k) => {
      const row = rows[i] as SampleRow;
      for (let j = k - 1; j >= 0; j--) {
        const other = rows[ordered[j] as number] as SampleRow;
        if (!sameContent(other, row)) {
          before[i] = other.at;
          break;
        }
      }
      for (let j = k + 1; j < ordered.length; j++) {
        const other = rows[ordered[j] as number] as SampleRow;
        if (!sameContent(other, row)) {
          after[i] = other.at;
          break;
        }
      }
    });
  }
  return { before, after };
}

/**
 * State intervals, each starting no earlier than the robot's last written one ended (the other instance cut its
 * pieces at other moments): no time is counted twice; one wholly written already is left out.
 */
export async function insertIntervalsOnce(db: Db, rows: readonly IntervalRow[]): Promise<void> {
  if (!rows.length) return;
  const i = robotStateIntervals;
  const u = col(INTERVAL_COLUMNS);
  const join = sql`left join lateral (select r.ended_at from ${i} r where r.robot_id = ${u(i.robotId)}
      order by r.started_at desc limit 1) last on true
    where ${u(i.endedAt)} > coalesce(last.ended_at, '-infinity'::timestamptz)`;
  const values = new Map<PgColumn, SQL>([[i.startedAt, sql`greatest(${u(i.startedAt)}, last.ended_at)`]]);
  await db.execute(unnestInsert(i, INTERVAL_COLUMNS, rows, { join, values }));
}

/** Tasks, less those another instance wrote: the same robot and order, ended within seconds. */
export async function insertTasksOnce(db: Db, rows: readonly TaskRow[]): Promise<void> {
  if (!rows.length) return;
  const k = robotTasks;
  const u = col(TASK_COLUMNS);
  const join = sql`where not exists (select 1 from ${k} r
    where r.robot_id = ${u(k.robotId)} and r.order_id = ${u(k.orderId)}
      and r.ended_at between ${u(k.endedAt)} - ${SAME_FACT} and ${u(k.endedAt)} + ${SAME_FACT})`;
  await db.execute(unnestInsert(k, TASK_COLUMNS, rows, { join }));
}

/** Error events, less those another instance wrote: the same robot and code, begun within seconds. */
export async function insertErrorsOnce(db: Db, rows: readonly ErrorRow[]): Promise<void> {
  if (!rows.length) return;
  const e = robotErrorEvents;
  const u = col(ERROR_COLUMNS);
  const join = sql`where not exists (select 1 from ${e} r
    where r.robot_id = ${u(e.robotId)} and r.code = ${u(e.code)}
      and r.started_at between ${u(e.startedAt)} - ${SAME_FACT} and ${u(e.startedAt)} + ${SAME_FACT})`;
  await db.execute(
    sql`${unnestInsert(e, ERROR_COLUMNS, rows, { join })} on conflict (robot_id, code) where ended_at is null do nothing`,
  );
}
