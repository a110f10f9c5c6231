import type { Config } from '../../config.js';
import type { PeripheralKind, PeripheralPrefixes } from '../peripherals.js';
import type { BrokerLogin } from '../robot-credentials.js';

/* What the main thread and the telemetry thread say to each other (see telemetry-thread.ts). */

import type { RecordBatch } from './telemetry-records.js';

/** A registered robot as the main thread names it. */
export interface RobotAddress {
  id: string;
  manufacturer: string;
  serialNumber: string;
}

/** A registered robot as the thread routes it: topic levels to robot id, and the robot's slot in batches. */
export interface RobotRoute extends RobotAddress {
  slot: number;
}

/** Given to the thread when it starts (its `workerData`). */
export interface ThreadInit {
  prefix: string;
  /** Peripherals' topics (`lifts/v1`, `devices/v1`): their messages go to the main thread as they come. */
  peripheralPrefixes: PeripheralPrefixes;
  mqtt: Config['mqtt'];
  robots: RobotRoute[];
}

/** Counts since the last batch, by topic kind, drop reason and refusal reason. */
export interface ThreadCounts {
  accepted: Record<string, number>;
  dropped: Record<string, number>;
  refused: Record<string, number>;
}

export type LogLevel = 'info' | 'warn' | 'error';

export type ToThread =
  | { t: 'register'; robot: RobotRoute }
  | { t: 'unregister'; id: string }
  | { t: 'publish'; ref: number; topic: string; payload: string; qos: 0 | 1; retain: boolean }
  | { t: 'disconnect'; manufacturer: string; serialNumber: string }
  | { t: 'disconnect-peripheral'; kind: PeripheralKind; id: string }
  /** `failed`: why the login could not be checked (the database was away…), or null. */
  | { t: 'login-result'; ref: number; robot: BrokerLogin | null; failed: string | null }
  | { t: 'close' };

export type FromThread =
  /** `port`: the embedded broker's; `bridgePort`: its loopback door for MQTT over WebSocket. */
  | { t: 'ready'; port: number | null; bridgePort: number | null }
  | { t: 'failed'; portTaken: boolean; message: string }
  | { t: 'records'; batch: RecordBatch; counts: ThreadCounts | null }
  | { t: 'published'; ref: number; error: string | null }
  /** A message on a peripheral's topic, at most its kind's maxBytes + 1 bytes of it (more is refused anyway). */
  | { t: 'peripheral'; kind: PeripheralKind; topic: string; payload: Uint8Array }
  | { t: 'login'; ref: number; username: string; password: Uint8Array }
  | { t: 'log'; level: LogLevel; obj: Record<string, unknown>; msg: string }
  /** The thread's event-loop delay over the last second, ms. */
  | { t: 'lag'; p99: number; max: number }
  | { t: 'closed' };
