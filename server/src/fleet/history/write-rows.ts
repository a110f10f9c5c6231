import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { HistoryRows } from './history-rows.js';
import {
  closeErrors,
  type ErrorRow,
  type IntervalRow,
  insertErrors,
  insertIntervals,
  insertTasks,
  type TaskRow,
} from './insert-facts.js';
import { insertErrorsOnce, insertIntervalsOnce, insertSamplesOnce, insertTasksOnce } from './insert-once.js';
import { insertSamples, type SampleRow } from './insert-samples.js';

/** Samples per INSERT: one statement for a flush of 10,000 robots, without unbounded statements. */
const CHUNK = 5000;

export interface RowWriters {
  samples(db: Db, rows: readonly SampleRow[]): Promise<void>;
  tasks(db: Db, rows: readonly TaskRow[]): Promise<void>;
  intervals(db: Db, rows: readonly IntervalRow[]): Promise<void>;
  errors(db: Db, rows: readonly ErrorRow[]): Promise<void>;
}

export const PLAIN: RowWriters = {
  samples: insertSamples,
  tasks: insertTasks,
  intervals: insertIntervals,
  errors: insertErrors,
};
/** Right after the robots changed hands: rows another instance wrote too are left out (insert-once.ts). */
export const ONCE: RowWriters = {
  samples: insertSamplesOnce,
  tasks: insertTasksOnce,
  intervals: insertIntervalsOnce,
  errors: insertErrorsOnce,
};
/** The advisory lock handover writes take (any number, the same on every instance). */
export const HANDOVER_LOCK = 0x66633168;

/** Writes one flush of history rows with the given inserts. */
export async function writeRows(db: Db, rows: HistoryRows, write: RowWriters): Promise<void> {
  for (let i = 0; i < rows.samples.length; i += CHUNK)
    await write.samples(db, rows.samples.slice(i, i + CHUNK));
  await write.tasks(db, rows.tasks);
  for (let i = 0; i < rows.intervals.length; i += CHUNK)
    await write.intervals(db, rows.intervals.slice(i, i + CHUNK));
  // Ended before opened: an error that ended and came back within a second ends its open event, then opens the new
  // one (one that came and went within the second is inserted ended).
  await closeErrors(db, rows.errorsClosed);
  await write.errors(db, [...rows.errorsOpened.values()]);
}

/**
 * Writes one flush of the recorder's rows, leaving out rows another instance wrote too when `once` (right after the
 * robots changed hands).
 */
export async function writeFlush(
  db: Db,
  rows: HistoryRows,
  once: boolean,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    if (once) {
      // One instance's handover write at a time: two writing the same moments at once would each miss the
      // other's rows.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${HANDOVER_LOCK})`);
        await writeRows(tx, rows, ONCE);
      });
    } else await writeRows(db, rows, PLAIN);
  } catch (err) {
    // History is best effort when the database is away; live state and commands go on regardless.
    log.error(
      {
        err,
        samples: rows.samples.length,
        tasks: rows.tasks.length,
        intervals: rows.intervals.length,
      },
      'fleet history not written',
    );
  }
}
