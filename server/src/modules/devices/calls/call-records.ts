import type { DeviceEventKind } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { deviceCalls, deviceEvents } from '../../../db/schema/index.js';
import type { Call } from './call-dispatch.js';

/** A step written down: the caller's company, and who acted when a person did (an operator's cancel, a test call). */
export interface EventRow {
  companyId: string;
  deviceId: string;
  kind: DeviceEventKind;
  detail: Record<string, unknown>;
  callId?: string | null | undefined;
  actorId?: string | null | undefined;
}

const STEP_COLUMN: Partial<Record<Call['state'], 'assigned_at' | 'arrived_at' | 'ended_at'>> = {
  assigned: 'assigned_at',
  arrived: 'arrived_at',
  done: 'ended_at',
  cancelled: 'ended_at',
  failed: 'ended_at',
  expired: 'ended_at',
};

type CallValues = typeof deviceCalls.$inferInsert;
type EventValues = typeof deviceEvents.$inferInsert;

/** Rows per statement: far below PostgreSQL's 65,535 parameters, and one round trip for a busy second. */
const CHUNK = 500;

const stepKept = (column: 'assigned_at' | 'arrived_at' | 'ended_at') =>
  sql`coalesce(${sql.identifier('device_calls')}.${sql.identifier(column)}, excluded.${sql.identifier(column)})`;

/**
 * Writes calls and device events in the order they happened, one batch after another: what was recorded while a
 * batch was being written goes in the next, calls before events, each call once with its latest state (and the
 * first time it reached each step). At 100 presses a second that is a few statements a second, not a thousand.
 * A failed batch is written again row by row, so one bad row (a device removed meanwhile) loses only itself; a
 * failed row is logged and the live call goes on.
 */
export class CallRecords {
  private readonly calls = new Map<string, CallValues>();
  private events: EventValues[] = [];
  private writing: Promise<void> | null = null;
  private lastAt = 0;

  constructor(
    private readonly reg: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  call(companyId: string, call: Call): void {
    const at = new Date(call.since);
    const step = STEP_COLUMN[call.state];
    const before = this.calls.get(call.id);
    this.calls.set(call.id, {
      id: call.id,
      companyId,
      deviceId: call.deviceId,
      buildingId: call.buildingId,
      state: call.state,
      robotId: call.robotId,
      robotName: call.robotName,
      escalated: call.escalated,
      note: call.note,
      createdAt: new Date(call.createdAt),
      updatedAt: at,
      assignedAt: before?.assignedAt ?? (step === 'assigned_at' ? at : null),
      arrivedAt: before?.arrivedAt ?? (step === 'arrived_at' ? at : null),
      endedAt: before?.endedAt ?? (step === 'ended_at' ? at : null),
    });
    this.schedule();
  }

  event(row: EventRow, when = new Date()): void {
    // Steps recorded in the same millisecond (a press and the call it makes) keep their order on the timeline.
    const at = new Date(Math.max(when.getTime(), this.lastAt + 1));
    this.lastAt = at.getTime();
    this.events.push({
      companyId: row.companyId,
      deviceId: row.deviceId,
      kind: row.kind,
      detail: row.detail,
      callId: row.callId ?? null,
      actorId: row.actorId ?? null,
      at,
    });
    this.schedule();
  }

  /** Resolves once everything recorded so far is written (tests, shutdown). */
  settled(): Promise<void> {
    return this.writing ?? Promise.resolve();
  }

  private schedule(): void {
    this.writing ??= this.drain().finally(() => {
      this.writing = null;
    });
  }

  private async drain(): Promise<void> {
    // Recorded in the same turn of the event loop goes in the same batch.
    await Promise.resolve();
    while (this.calls.size || this.events.length) {
      const calls = [...this.calls.values()];
      this.calls.clear();
      const events = this.events;
      this.events = [];
      for (let i = 0; i < calls.length; i += CHUNK)
        await this.write('call', calls.slice(i, i + CHUNK), (rows) => this.upsertCalls(rows));
      for (let i = 0; i < events.length; i += CHUNK)
        await this.write('event', events.slice(i, i + CHUNK), (rows) =>
          this.reg.insert(deviceEvents).values(rows),
        );
    }
  }

  private upsertCalls(rows: CallValues[]) {
    return this.reg
      .insert(deviceCalls)
      .values(rows)
      .onConflictDoUpdate({
        target: deviceCalls.id,
        set: {
          state: sql`excluded.state`,
          robotId: sql`excluded.robot_id`,
          robotName: sql`excluded.robot_name`,
          escalated: sql`excluded.escalated`,
          note: sql`excluded.note`,
          updatedAt: sql`excluded.updated_at`,
          assignedAt: stepKept('assigned_at'),
          arrivedAt: stepKept('arrived_at'),
          endedAt: stepKept('ended_at'),
        },
      });
  }

  private async write<T>(
    what: string,
    rows: T[],
    insert: (rows: T[]) => PromiseLike<unknown>,
  ): Promise<void> {
    try {
      await insert(rows);
    } catch (err) {
      if (rows.length === 1) {
        this.log.error({ err }, `device ${what} not saved`);
        return;
      }
      for (const row of rows) await this.write(what, [row], insert);
    }
  }
}
