import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { robotCommands } from '../../db/schema/index.js';
import { type UnnestColumn, unnestInsert } from '../../db/unnest-insert.js';
import { BatchedWrites, writeInChunks } from '../../db/write-in-chunks.js';
import type { CommandStatus } from './command-progress.js';

/** A command the console gave a robot by itself (a call's go-to), issued by no person. */
export interface SystemCommand {
  companyId: string;
  robotId: string;
  reference: string;
  detail: string;
  status: 'sent' | 'running';
}

interface NewRow extends SystemCommand {
  id: string;
  at: Date;
}

interface Progress {
  id: string;
  status: CommandStatus;
  detail: string | null;
}

const t = robotCommands;
const NEW_COLUMNS: UnnestColumn<NewRow>[] = [
  { column: t.id, type: 'uuid', value: (r) => r.id },
  { column: t.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: t.robotId, type: 'uuid', value: (r) => r.robotId },
  { column: t.type, type: 'text', value: () => 'goTo' },
  { column: t.status, type: 'text', value: (r) => r.status },
  { column: t.reference, type: 'text', value: (r) => r.reference },
  { column: t.detail, type: 'text', value: (r) => r.detail },
  { column: t.createdAt, type: 'timestamptz', value: (r) => r.at },
  { column: t.updatedAt, type: 'timestamptz', value: (r) => r.at },
];

/**
 * Writes robot_commands rows the fleet makes and moves on: system commands added, and the progress of every
 * command followed, in batches (BatchedWrites, writeInChunks): at a hundred calls a second that is a few statements
 * a second, not hundreds, each built in microseconds.
 */
export class CommandRows {
  private added: NewRow[] = [];
  private readonly progress = new Map<string, Progress>();
  private readonly batches = new BatchedWrites(
    () => this.added.length > 0 || this.progress.size > 0,
    () => this.take(),
  );

  constructor(
    private readonly reg: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a system command; its id is known at once, the row is written behind. */
  add(command: SystemCommand): string {
    const id = randomUUID();
    this.added.push({ ...command, id, at: new Date() });
    this.batches.schedule();
    return id;
  }

  /**
   * The command's latest status; only the latest of a batch is written. A `detail` (why it failed) replaces the
   * command's own (where it sent the robot); none keeps it.
   */
  update(id: string, status: CommandStatus, detail: string | null): void {
    this.progress.set(id, { id, status, detail });
    this.batches.schedule();
  }

  /** Resolves once everything recorded so far is written (tests, shutdown). */
  settled(): Promise<void> {
    return this.batches.settled();
  }

  /** Writes everything recorded so far: new rows first, so a row is there before its first update. */
  private async take(): Promise<void> {
    const added = this.added;
    this.added = [];
    const progress = [...this.progress.values()];
    this.progress.clear();
    await writeInChunks(
      added,
      (rows) => this.reg.execute(unnestInsert(robotCommands, NEW_COLUMNS, rows)),
      this.log,
      'command',
    );
    await writeInChunks(progress, (rows) => this.updateRows(rows), this.log, 'command progress');
  }

  private updateRows(rows: Progress[]) {
    return this.reg.execute(sql`update ${robotCommands} as c
      set status = u.status, detail = coalesce(u.detail, c.detail), updated_at = now()
      from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.status))}::text[],
        ${sql.param(rows.map((r) => r.detail))}::text[]) as u(id, status, detail)
      where c.id = u.id`);
  }
}
