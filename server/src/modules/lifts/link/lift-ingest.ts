import {
  type GatewayConnection,
  gatewayConnection,
  type LiftState,
  liftState,
  MAX_LIFT_MESSAGE_BYTES,
} from '@fleet/contract';
import { findDisallowedText } from '@fleet/contract/text';
import type { FleetLog } from '../../../fleet/fleet-log.js';
import { parseLiftTopic } from './topics.js';

export const LIFT_DROP_REASONS = [
  'topic',
  'unknown_gateway',
  'unknown_lift',
  'too_large',
  'malformed',
  'invalid',
  'mismatch',
] as const;
export type LiftDropReason = (typeof LIFT_DROP_REASONS)[number];

/** Which registered gateways and lifts a topic's levels name. */
export interface LiftDirectory {
  hasGateway(gatewayId: string): boolean;
  /** The lift's id, when the gateway has a lift of that name. */
  liftOf(gatewayId: string, liftName: string): string | undefined;
}

export interface LiftSink {
  applyLiftState(liftId: string, state: LiftState, at: number): void;
  applyGatewayConnection(
    gatewayId: string,
    connection: GatewayConnection['connectionState'],
    at: number,
  ): void;
}

export interface LiftCounters {
  accepted(kind: 'state' | 'connection'): void;
  dropped(reason: LiftDropReason): void;
}

/** A broken gateway must not flood the log: one line per topic and reason per minute. */
const LOG_EVERY_MS = 60_000;

/**
 * Turns lift gateway messages into live lift state. Anything wrong (a foreign topic, an unknown gateway or lift,
 * an oversized, malformed or invalid message, a state naming another lift or a floor it does not serve) is
 * dropped, counted and logged; one gateway's bad message never disturbs another lift.
 */
export class LiftIngest {
  private readonly lastLog = new Map<string, number>();

  constructor(
    private readonly directory: LiftDirectory,
    private readonly sink: LiftSink,
    private readonly prefix: string,
    private readonly counters: LiftCounters,
    private readonly log: FleetLog,
  ) {}

  handle(topic: string, payload: Buffer, at = Date.now()): void {
    const t = parseLiftTopic(this.prefix, topic);
    if (!t) {
      this.drop('topic', topic);
      return;
    }
    // Requests are ours, echoed back by the broker; an empty payload deletes a retained message.
    if (t.kind === 'request' || payload.length === 0) return;
    if (!this.directory.hasGateway(t.gatewayId)) {
      this.drop('unknown_gateway', topic);
      return;
    }
    const liftId = t.kind === 'state' ? this.directory.liftOf(t.gatewayId, t.liftName) : undefined;
    if (t.kind === 'state' && !liftId) {
      this.drop('unknown_lift', topic);
      return;
    }
    if (payload.length > MAX_LIFT_MESSAGE_BYTES) {
      this.drop('too_large', topic, payload.length);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
      if (findDisallowedText(json)) throw new Error('text not allowed');
    } catch {
      this.drop('malformed', topic);
      return;
    }
    if (t.kind === 'connection') {
      const m = gatewayConnection.safeParse(json);
      if (!m.success) {
        this.drop('invalid', topic, m.error.issues[0]?.path.join('.'));
        return;
      }
      this.counters.accepted('connection');
      this.sink.applyGatewayConnection(t.gatewayId, m.data.connectionState, at);
      return;
    }
    const m = liftState.safeParse(json);
    if (!m.success) {
      this.drop('invalid', topic, m.error.issues[0]?.path.join('.'));
      return;
    }
    const state = m.data;
    if (state.liftName !== t.liftName) {
      this.drop('mismatch', topic);
      return;
    }
    const floors = new Set(state.availableFloors);
    if (!floors.has(state.currentFloor)) {
      this.drop('invalid', topic, 'currentFloor');
      return;
    }
    if (state.destinationFloor !== null && !floors.has(state.destinationFloor)) {
      this.drop('invalid', topic, 'destinationFloor');
      return;
    }
    this.counters.accepted('state');
    this.sink.applyLiftState(liftId as string, state, at);
  }

  private drop(reason: LiftDropReason, topic: string, detail?: unknown): void {
    this.counters.dropped(reason);
    const key = `${reason}:${topic}`;
    const now = Date.now();
    if ((this.lastLog.get(key) ?? 0) + LOG_EVERY_MS > now) return;
    this.lastLog.set(key, now);
    if (this.lastLog.size > 10_000) this.lastLog.clear();
    this.log.warn({ topic, reason, detail }, 'lift message dropped');
  }
}
