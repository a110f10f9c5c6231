import type { FastifyBaseLogger } from 'fastify';

/** Rows per statement for the batched writers: one round trip for a busy second, and a bounded statement. */
export const ROWS_PER_STATEMENT = 1000;

/**
 * Writes rows a chunk at a time. A chunk that fails is written again row by row, so one bad row (its robot or
 * device removed meanwhile) loses only itself; a row that fails alone is logged as `what not saved`.
 */
export async function writeInChunks<T>(
  rows: readonly T[],
  run: (rows: T[]) => PromiseLike<unknown>,
  log: FastifyBaseLogger,
  what: string,
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await writeOrSplit(rows.slice(i, i + ROWS_PER_STATEMENT), run, log, what);
}

async function writeOrSplit<T>(
  rows: T[],
  run: (rows: T[]) => PromiseLike<unknown>,
  log: FastifyBaseLogger,
  what: string,
): Promise<void> {
  try {
    await run(rows);
  } catch (err) {
    if (rows.length === 1) {
      log.error({ err }, `${what} not saved`);
      return;
    }
    for (const row of rows) await writeOrSplit([row], run, log, what);
  }
}

/**
 * Runs a writer's batches one after another: what is recorded in one turn of the event loop goes in one batch, and
 * what is recorded while a batch is written goes in the next. `take` writes everything pending now.
 */
export class BatchedWrites {
  private writing: Promise<void> | null = null;

  constructor(
    private readonly pending: () => boolean,
    private readonly take: () => Promise<void>,
  ) {}

  /** Something was recorded: a batch starts, unless one is under way (it picks this up after). */
  schedule(): void {
    this.writing ??= this.drain().finally(() => {
      this.writing = null;
    });
  }

  /** Resolves once everything recorded so far is written (tests, shutdown). */
  settled(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    await Promise.resolve();
    while (this.pending()) await this.take();
  }
}
