import { randomUUID } from 'node:crypto';
import {
  DEVICE_NAME,
  type DeviceCommand,
  type DeviceConnection,
  type DeviceEvent,
  type DeviceHeartbeat,
  deviceCommand,
  MAX_DEVICE_MESSAGE_BYTES,
} from '@fleet/contract/devices-link';
import { connect, type MqttClient } from 'mqtt';
import { createRng, type Rng } from '../prng.js';

export interface SimDeviceOptions {
  /** mqtt://host:1883 or ws://host:8080/mqtt */
  url: string;
  /** The console's device topic prefix, `devices/v1` by default. */
  prefix?: string;
  /** The device's name (its serial): its topic level and, after the prefix, its MQTT username. */
  name: string;
  /** The password the console showed when the device was registered. */
  password: string;
  /** Seconds between heartbeats (60 by default, as the console expects unless told otherwise). */
  heartbeatS?: number;
  /** Battery at start, percent; null for a device on mains power. */
  battery: number | null;
  /** Percent lost per hour, counted from start() (none by default). */
  drainPerHour?: number;
  firmware?: string;
  /** Mean signal strength in dBm (-65 by default); null for a radio that does not say. */
  rssi?: number | null;
  /** Seeds the rssi jitter (±4 dBm), so a run is reproducible. */
  seed?: number;
  /** When set: this long after a call's `arrived`, an `ack` (the person served the robot). */
  ackArrivedAfterMs?: number;
  /** MQTT keepalive (30 by default): the broker sends the last will after 1.5 × this of silence; 0 for none. */
  keepaliveS?: number;
}

export type CallStateCommand = Extract<DeviceCommand, { type: 'callState' }>;
type CommandListener = (command: DeviceCommand) => void;

const RSSI_JITTER_DBM = 4;

/**
 * A simulated mini device (call button, pager, watch, small box) speaking the device link of docs/protocols.md:
 * `connection` (retained, last will CONNECTIONBROKEN), a `heartbeat` every heartbeatS, `event`s when a person
 * presses, and the console's `command`s.
 */
export class SimDevice {
  readonly prefix: string;
  readonly name: string;
  private readonly heartbeatMs: number;
  private readonly rng: Rng;
  private readonly listeners = new Set<CommandListener>();
  private client: MqttClient | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private readonly pendingAcks = new Map<string, NodeJS.Timeout>();
  private ackedCallId: string | undefined;
  private startedAt = 0;
  private identifyUntil = 0;
  private callState: CallStateCommand | null = null;

  constructor(private readonly opts: SimDeviceOptions) {
    if (!DEVICE_NAME.test(opts.name)) throw new Error(`not a device name: ${opts.name}`);
    if (opts.battery !== null && !(opts.battery >= 0 && opts.battery <= 100))
      throw new Error(`battery must be 0–100 or null: ${opts.battery}`);
    this.prefix = opts.prefix ?? 'devices/v1';
    this.name = opts.name;
    this.heartbeatMs = (opts.heartbeatS ?? 60) * 1000;
    if (!(this.heartbeatMs > 0)) throw new Error(`heartbeatS must be positive: ${opts.heartbeatS}`);
    this.rng = createRng(opts.seed ?? 1);
  }

  private get root(): string {
    return `${this.prefix}/${this.name}`;
  }

  /** The last callState the console sent, null before the first. */
  get lastCallState(): CallStateCommand | null {
    return this.callState;
  }

  /** True while its MQTT connection is up; after a loss the client reconnects by itself. */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** True while an `identify` lasts (its `seconds` from when it arrived). */
  get identifying(): boolean {
    return Date.now() < this.identifyUntil;
  }

  /** Connects (with the will), says ONLINE (retained), sends a heartbeat at once and then every heartbeatS. */
  async start(): Promise<void> {
    if (this.client) return;
    this.startedAt = Date.now();
    const c = connect(this.opts.url, {
      clientId: `device-${this.name}`,
      username: this.root,
      password: this.opts.password,
      protocolVersion: 4,
      keepalive: this.opts.keepaliveS ?? 30,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      clean: true,
      // A heartbeat queued while offline would arrive stale; the next one is sent on reconnect.
      queueQoSZero: false,
      will: {
        topic: `${this.root}/connection`,
        payload: Buffer.from(this.connection('CONNECTIONBROKEN')),
        qos: 1,
        retain: true,
      },
    });
    this.client = c;
    c.on('message', (_topic, payload) => this.receive(payload));
    // A press is one small packet: sent at once, not held back by Nagle until the last one is acknowledged.
    c.on('connect', () => (c.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true));
    await new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        clearTimeout(timer);
        this.client = undefined;
        c.end(true);
        reject(err);
      };
      // The client retries silently when the broker never answers; a device that cannot start must say so.
      const timer = setTimeout(
        () => fail(new Error(`no connection to ${this.opts.url} within 15 s`)),
        15_000,
      );
      c.once('error', fail);
      c.once('connect', () => {
        clearTimeout(timer);
        c.removeListener('error', fail);
        // Later errors (a broker restart) are retried by the client's reconnect.
        c.on('error', () => {});
        const hello = () => {
          c.publish(`${this.root}/connection`, this.connection('ONLINE'), { qos: 1, retain: true });
          this.heartbeat();
        };
        c.on('connect', hello);
        c.subscribe(`${this.root}/command`, { qos: 1 }, (err) => {
          if (err) return fail(err);
          hello();
          resolve();
        });
      });
    });
    this.scheduleHeartbeat();
  }

  /** Summons a robot (a calling device) or is a pager's button. Resolves once the broker has it. */
  press(): Promise<DeviceEvent> {
    return this.event('press');
  }

  /** Takes the device's call back. */
  cancel(): Promise<DeviceEvent> {
    return this.event('cancel');
  }

  /** A staff member saw the alert, or the robot was served. */
  ack(): Promise<DeviceEvent> {
    return this.event('ack');
  }

  /** Sees every valid command, after the device has acted on it; returns the unsubscribe. */
  onCommand(listener: CommandListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Says OFFLINE (retained) and disconnects cleanly, so no last will is sent. */
  async stop(): Promise<void> {
    clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    for (const timer of this.pendingAcks.values()) clearTimeout(timer);
    this.pendingAcks.clear();
    const c = this.client;
    this.client = undefined;
    if (!c) return;
    if (c.connected)
      await c.publishAsync(`${this.root}/connection`, this.connection('OFFLINE'), { qos: 1, retain: true });
    await c.endAsync();
  }

  private connection(state: DeviceConnection['connectionState']): string {
    const body: DeviceConnection = { connectionState: state, timestamp: new Date().toISOString() };
    return JSON.stringify(body);
  }

  // Timeouts only, no interval: a test fakes setTimeout and Date to step through hours, and leaves setInterval
  // (the MQTT client's keepalive) real.
  private scheduleHeartbeat(): void {
    this.heartbeatTimer = setTimeout(() => {
      this.heartbeat();
      this.scheduleHeartbeat();
    }, this.heartbeatMs);
  }

  private heartbeat(): void {
    if (!this.client?.connected) return;
    const now = Date.now();
    const body: DeviceHeartbeat = {
      battery: this.batteryAt(now),
      rssi: this.nextRssi(),
      ...(this.opts.firmware === undefined ? {} : { firmware: this.opts.firmware }),
      timestamp: new Date(now).toISOString(),
    };
    this.client.publish(`${this.root}/heartbeat`, JSON.stringify(body), { qos: 0 });
  }

  private batteryAt(now: number): number | null {
    const start = this.opts.battery;
    if (start === null) return null;
    const drained = ((this.opts.drainPerHour ?? 0) * (now - this.startedAt)) / 3_600_000;
    return Math.max(0, Math.round((start - drained) * 10) / 10);
  }

  private nextRssi(): number | null {
    const mean = this.opts.rssi === undefined ? -65 : this.opts.rssi;
    if (mean === null) return null;
    const jitter = (this.rng() * 2 - 1) * RSSI_JITTER_DBM;
    return Math.min(0, Math.max(-150, Math.round(mean + jitter)));
  }

  private async event(type: DeviceEvent['type']): Promise<DeviceEvent> {
    const c = this.client;
    if (!c) throw new Error(`device ${this.name} is not started`);
    // A fresh id per event, even across restarts: the console counts a repeated id once.
    const body: DeviceEvent = { eventId: randomUUID(), type, timestamp: new Date().toISOString() };
    // QoS 1 is kept and resent while the connection is down, as a device's radio retries.
    await c.publishAsync(`${this.root}/event`, JSON.stringify(body), { qos: 1 });
    return body;
  }

  private receive(payload: Buffer): void {
    if (payload.length > MAX_DEVICE_MESSAGE_BYTES) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = deviceCommand.safeParse(json);
    if (!parsed.success) return;
    const command = parsed.data;
    if (command.type === 'identify') this.identifyUntil = Date.now() + command.seconds * 1000;
    else if (command.type === 'callState') this.onCallState(command);
    for (const listener of this.listeners) listener(command);
  }

  private onCallState(command: CallStateCommand): void {
    this.callState = command;
    const after = this.opts.ackArrivedAfterMs;
    if (after === undefined) return;
    const pending = this.pendingAcks.get(command.callId);
    // QoS 1 may repeat `arrived`: one ack per call. A later state of the call (done, cancelled) means nobody is
    // left to serve the robot.
    if (command.state === 'arrived') {
      if (pending || this.ackedCallId === command.callId) return;
      const timer = setTimeout(() => {
        this.pendingAcks.delete(command.callId);
        this.ackedCallId = command.callId;
        this.ack().catch(() => {});
      }, after);
      this.pendingAcks.set(command.callId, timer);
    } else if (pending) {
      clearTimeout(pending);
      this.pendingAcks.delete(command.callId);
    }
  }
}
