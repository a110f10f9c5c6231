import mqtt, { type MqttClient } from 'mqtt';
import { percentile } from '../support/stats.js';

const HEARTBEAT_S = 60;
/** Publishing connections: a gateway of many devices, as a vendor's radio bridge reports them. */
const CONNECTIONS = 4;
const TICK_MS = 50;
const END_STATES = new Set(['done', 'cancelled', 'failed', 'expired']);
/**
 * The person served acknowledges on the device this long after the robot arrived (a table takes its order, a room
 * its delivery). Without it every robot would wait out the server's hold (CALL_ARRIVED_HOLD_S, 3 minutes) at its
 * call: at 100 calls a second the 10,000 robots would all be held within two minutes, and the run would measure a
 * fleet with no robot left rather than a fleet answering calls.
 */
const ACK_AFTER_MS = 5000;

export interface DeviceLoadResult {
  heartbeatsPerS: number;
  pressesPerS: number;
  /** Calls a robot was sent to, of the presses inside the window. */
  assigned: number;
  /** Presses inside the window whose call was still waiting for a robot at its end. */
  waiting: number;
  /** Press published → `callState: assigned` received, ms. */
  p50: number;
  p99: number;
  max: number;
}

/**
 * Mini devices as the console meets them at scale: `count` call buttons heartbeating once a minute, spread over
 * the minute, and `pressesPerS` presses a second on devices picked at random, over a few bench-login connections.
 * Every press is timed to the `callState: assigned` the console sends back to that device.
 */
export class DeviceLoad {
  private readonly clients: MqttClient[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly acks = new Set<NodeJS.Timeout>();
  private prefix = '';
  private readonly pressedAt = new Map<string, number>();
  /** Devices whose call is open (until done, cancelled, failed or expired): pressing one would only repeat it. */
  private readonly open = new Set<string>();
  private readonly delays: number[] = [];
  private windowStart = Number.POSITIVE_INFINITY;
  private windowEnd = Number.NEGATIVE_INFINITY;
  private heartbeatsInWindow = 0;
  private presses = 0;
  private pressesInWindow = 0;
  private seq = 0;

  constructor(
    private readonly names: string[],
    private readonly pressesPerS: number,
  ) {}

  async start(brokerUrl: string, prefix: string, username: string, password: string): Promise<void> {
    if (!this.names.length) return;
    this.prefix = prefix;
    for (let i = 0; i < CONNECTIONS; i++)
      this.clients.push(
        await mqtt.connectAsync(brokerUrl, {
          clientId: `bench-devices-${i}`,
          username,
          password,
          reconnectPeriod: 0,
          connectTimeout: 10_000,
        }),
      );
    const [listener] = this.clients;
    listener?.on('message', (topic, payload) => this.onCommand(topic, payload));
    await listener?.subscribeAsync(`${prefix}/+/command`, { qos: 0 });
    // Every device says it is online, then heartbeats start at once, spread over the minute.
    const at = () => new Date().toISOString();
    for (const [i, name] of this.names.entries())
      this.client(i).publish(
        `${prefix}/${name}/connection`,
        JSON.stringify({ connectionState: 'ONLINE', timestamp: at() }),
        { qos: 0 },
      );
    let beat = 0;
    let pressDebt = 0;
    let last = performance.now();
    this.timer = setInterval(() => {
      const now = performance.now();
      const dt = (now - last) / 1000;
      last = now;
      const beats = Math.round((this.names.length / HEARTBEAT_S) * dt);
      for (let n = 0; n < beats; n++, beat++) {
        const name = this.names[beat % this.names.length] ?? '';
        this.client(beat).publish(
          `${prefix}/${name}/heartbeat`,
          JSON.stringify({ battery: 80, rssi: -60, timestamp: at() }),
          { qos: 0 },
        );
        if (now >= this.windowStart && now <= this.windowEnd) this.heartbeatsInWindow++;
      }
      pressDebt += this.pressesPerS * dt;
      for (; pressDebt >= 1; pressDebt--) this.press(prefix, now);
    }, TICK_MS);
  }

  private client(i: number): MqttClient {
    const c = this.clients[i % this.clients.length];
    if (!c) throw new Error('device load not started');
    return c;
  }

  private press(prefix: string, now: number): void {
    // A device whose call is still open would only repeat it: press another (a tenth of them are free at worst).
    let index = Math.floor(Math.random() * this.names.length);
    for (let tries = 0; this.open.has(this.names[index] ?? '') && tries < 50; tries++)
      index = Math.floor(Math.random() * this.names.length);
    const name = this.names[index] ?? '';
    if (this.open.has(name)) return;
    this.seq++;
    this.open.add(name);
    this.pressedAt.set(name, now);
    this.presses++;
    if (now >= this.windowStart && now <= this.windowEnd) this.pressesInWindow++;
    this.client(index).publish(
      `${prefix}/${name}/event`,
      JSON.stringify({ eventId: `bench-${this.seq}`, type: 'press', timestamp: new Date().toISOString() }),
      { qos: 0 },
    );
  }

  private onCommand(topic: string, payload: Buffer): void {
    const now = performance.now();
    const name = topic.split('/').at(-2) ?? '';
    const command = JSON.parse(payload.toString()) as { type: string; state?: string };
    if (command.type !== 'callState') return;
    if (command.state && END_STATES.has(command.state)) this.open.delete(name);
    if (command.state === 'arrived') this.ackLater(name);
    const sent = this.pressedAt.get(name);
    if (sent === undefined) return;
    if (command.state === 'assigned') {
      if (sent >= this.windowStart && sent <= this.windowEnd) this.delays.push(now - sent);
      // The call goes on (arriving, arrived, done) but its press is timed: the device may be pressed again.
      this.pressedAt.delete(name);
    } else if (command.state !== 'created') this.pressedAt.delete(name);
  }

  private ackLater(name: string): void {
    const timer = setTimeout(() => {
      this.acks.delete(timer);
      this.client(0).publish(
        `${this.prefix}/${name}/event`,
        JSON.stringify({
          eventId: `bench-ack-${++this.seq}`,
          type: 'ack',
          timestamp: new Date().toISOString(),
        }),
        { qos: 0 },
      );
    }, ACK_AFTER_MS);
    this.acks.add(timer);
  }

  /** Presses from `from` to `to` (performance.now()) are timed. */
  window(from: number, to: number): void {
    this.windowStart = from;
    this.windowEnd = to;
  }

  result(seconds: number): DeviceLoadResult {
    const waiting = [...this.pressedAt.values()].filter(
      (t) => t >= this.windowStart && t <= this.windowEnd,
    ).length;
    return {
      heartbeatsPerS: Math.round(this.heartbeatsInWindow / Math.max(1, seconds)),
      pressesPerS: Math.round(this.pressesInWindow / Math.max(1, seconds)),
      assigned: this.delays.length,
      waiting,
      p50: Math.round(percentile(this.delays, 50)),
      p99: Math.round(percentile(this.delays, 99)),
      max: Math.round(this.delays.length ? Math.max(...this.delays) : 0),
    };
  }

  get started(): number {
    return this.presses;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const timer of this.acks) clearTimeout(timer);
    this.acks.clear();
    await Promise.all(this.clients.map((c) => c.endAsync(true).catch(() => {})));
  }
}
