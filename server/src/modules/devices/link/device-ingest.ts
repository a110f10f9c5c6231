import {
  type DeviceConnection,
  type DeviceEvent,
  type DeviceHeartbeat,
  deviceConnection,
  deviceEvent,
  deviceHeartbeat,
  MAX_DEVICE_MESSAGE_BYTES,
} from '@fleet/contract';
import { findDisallowedText } from '@fleet/contract/text';
import type { FleetLog } from '../../../fleet/fleet-log.js';
import { parseDeviceTopic } from './topics.js';

export const DEVICE_DROP_REASONS = ['topic', 'unknown_device', 'too_large', 'malformed', 'invalid'] as const;
export type DeviceDropReason = (typeof DEVICE_DROP_REASONS)[number];

/** Where checked device messages go: the device link. */
export interface DeviceSink {
  /** The device's id, when a device of that name is registered. */
  deviceIdOf(deviceName: string): string | undefined;
  connection(deviceId: string, state: DeviceConnection['connectionState'], at: number): void;
  heartbeat(deviceId: string, beat: DeviceHeartbeat, at: number): void;
  event(deviceId: string, event: DeviceEvent, at: number): void;
}

export interface DeviceCounters {
  accepted(kind: 'connection' | 'heartbeat' | 'event'): void;
  dropped(reason: DeviceDropReason): void;
}

/** A broken device must not flood the log: one line per topic and reason per minute. */
const LOG_EVERY_MS = 60_000;

/**
 * Turns device messages into facts for the device link. Anything wrong — a foreign topic, an unknown device, an
 * oversized, malformed or invalid message — is dropped, counted and logged; one device's bad message never
 * disturbs another.
 */
export class DeviceIngest {
  private readonly lastLog = new Map<string, number>();

  constructor(
    private readonly sink: DeviceSink,
    private readonly prefix: string,
    private readonly counters: DeviceCounters,
    private readonly log: FleetLog,
  ) {}

  handle(topic: string, payload: Buffer, at = Date.now()): void {
    const t = parseDeviceTopic(this.prefix, topic);
    if (!t) {
      this.drop('topic', topic);
      return;
    }
    // Commands are ours, echoed back by the broker; an empty payload deletes a retained message.
    if (t.kind === 'command' || payload.length === 0) return;
    const deviceId = this.sink.deviceIdOf(t.deviceName);
    if (!deviceId) {
      this.drop('unknown_device', topic);
      return;
    }
    if (payload.length > MAX_DEVICE_MESSAGE_BYTES) {
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
    const schema = { connection: deviceConnection, heartbeat: deviceHeartbeat, event: deviceEvent }[t.kind];
    const m = schema.safeParse(json);
    if (!m.success) {
      this.drop('invalid', topic, m.error.issues[0]?.path.join('.'));
      return;
    }
    this.counters.accepted(t.kind);
    if (t.kind === 'connection')
      this.sink.connection(deviceId, (m.data as DeviceConnection).connectionState, at);
    else if (t.kind === 'heartbeat') this.sink.heartbeat(deviceId, m.data as DeviceHeartbeat, at);
    else this.sink.event(deviceId, m.data as DeviceEvent, at);
  }

  private drop(reason: DeviceDropReason, topic: string, detail?: unknown): void {
    this.counters.dropped(reason);
    const key = `${reason}:${topic}`;
    const now = Date.now();
    if ((this.lastLog.get(key) ?? 0) + LOG_EVERY_MS > now) return;
    this.lastLog.set(key, now);
    if (this.lastLog.size > 10_000) this.lastLog.clear();
    this.log.warn({ topic, reason, detail }, 'device message dropped');
  }
}
