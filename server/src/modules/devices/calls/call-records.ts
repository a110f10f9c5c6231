import type { DeviceEventKind } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { deviceCalls, deviceEvents } from '../../../db/schema/index.js';
import { type UnnestColumn, unnestInsert } from '../../../db/unnest-insert.js';
import { BatchedWrites, writeInChunks } from '../../../db/write-in-chunks.js';
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

const c = deviceCalls;
const CALL_COLUMNS: UnnestColumn<CallValues>[] = [
  { column: c.id, type: 'uuid', value: (r) => r.id },
  { column: c.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: c.deviceId, type: 'uuid', value: (r) => r.deviceId },
  { column: c.buildingId, type: 'uuid', value: (r) => r.buildingId },
  { column: c.state, type: 'text', value: (r) => r.state },
  { column: c.robotId, type: 'uuid', value: (r) => r.robotId },
  { column: c.robotName, type: 'text', value: (r) => r.robotName },
  { column: c.orderId, type: 'text', value: (r) => r.orderId },
  { column: c.escalated, type: 'bool', value: (r) => r.escalated },
  { column: c.note, type: 'text', value: (r) => r.note },
  { column: c.createdAt, type: 'timestamptz', value: (r) => r.createdAt },
  { column: c.updatedAt, type: 'timestamptz', value: (r) => r.updatedAt },
  { column: c.assignedAt, type: 'timestamptz', value: (r) => r.assignedAt },
  { column: c.arrivedAt, type: 'timestamptz', value: (r) => r.arrivedAt },
  { column: c.endedAt, type: 'timestamptz', value: (r) => r.endedAt },
];

const e = deviceEvents;
const EVENT_COLUMNS: UnnestColumn<EventValues>[] = [
  { column: e.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: e.deviceId, type: 'uuid', value: (r) => r.deviceId },
  { column: e.kind, type: 'text', value: (r) => r.kind },
  { column: e.detail, type: 'jsonb', value: (r) => r.detail },
  { column: e.callId, type: 'uuid', value: (r) => r.callId },
  { column: e.actorId, type: 'uuid', value: (r) => r.actorId },
  { column: e.at, type: 'timestamptz', value: (r) => r.at },
];

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
  private readonly batches = new BatchedWrites(
    () => this.calls.size > 0 || this.events.length > 0,
    () => this.take(),
  );
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
      orderId: call.orderId,
      escalated: call.escalated,
      note: call.note,
      createdAt: new Date(call.createdAt),
      updatedAt: at,
      assignedAt: before?.assignedAt ?? (step === 'assigned_at' ? at : null),
      arrivedAt: before?.arrivedAt ?? (step === 'arrived_at' ? at : null),
      endedAt: before?.endedAt ?? (step === 'ended_at' ? at : null),
    });
    this.batches.schedule();
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
    this.batches.schedule();
  }

  /** Resolves once everything recorded so far is written (tests, shutdown). */
  settled(): Promise<void> {
    return this.batches.settled();
  }

  /** Writes everything recorded so far: calls before events, each call once with its latest state. */
  private async take(): Promise<void> {
    const calls = [...this.calls.values()];
    this.calls.clear();
    const events = this.events;
    this.events = [];
    await writeInChunks(calls, (rows) => this.upsertCalls(rows), this.log, 'device call');
    await writeInChunks(
      events,
      (rows) => this.reg.execute(unnestInsert(deviceEvents, EVENT_COLUMNS, rows)),
      this.log,
      'device event',
    );
  }

  private upsertCalls(rows: CallValues[]) {
    const kept = (column: string) =>
      sql.raw(`${column} = coalesce(device_calls.${column}, excluded.${column})`);
    return this.reg.execute(sql`${unnestInsert(deviceCalls, CALL_COLUMNS, rows)}
      on conflict (id) do update set state = excluded.state, robot_id = excluded.robot_id,
        robot_name = excluded.robot_name, order_id = excluded.order_id, escalated = excluded.escalated, note = excluded.note,
        updated_at = excluded.updated_at, ${kept('assigned_at')}, ${kept('arrived_at')}, ${kept('ended_at')}`);
  }
}
