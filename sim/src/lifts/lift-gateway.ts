import { liftRequest } from '@fleet/contract/lifts-link';
import { connect, type MqttClient } from 'mqtt';
import type { SimLift } from './sim-lift.js';

export interface LiftGatewayOptions {
  /** mqtt://host:1883 or ws://host:8080/mqtt */
  url: string;
  /** The console's lift topic prefix (LIFT_TOPIC_PREFIX), `lifts/v1` by default. */
  prefix?: string;
  gatewayId: string;
  /** The password the console showed when the gateway was registered. */
  password?: string;
  /** Defaults to `{prefix}/{gatewayId}`, the console's convention. */
  username?: string;
  lifts: SimLift[];
  /** Each lift's state at least this often, and at once on every change. */
  stateIntervalMs?: number;
  tickMs?: number;
  /** Sees every state published and every request taken or refused (statistics, tests). */
  onEvent?: (event: GatewayEvent) => void;
}

export type GatewayEvent =
  | { type: 'state'; liftName: string }
  | { type: 'request'; liftName: string; accepted: boolean }
  | { type: 'refused'; reason: 'unknownLift' | 'malformed' };

/**
 * A simulated lift gateway: the lifts of one bank (or building) on one MQTT connection, speaking the lift link of
 * docs/protocols.md. Publishes `connection` (retained, last will CONNECTIONBROKEN) and each lift's `state`; takes
 * the console's `request`s.
 */
export class SimLiftGateway {
  readonly prefix: string;
  private client: MqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly lastSent = new Map<string, number>();
  private readonly byName: Map<string, SimLift>;

  constructor(private readonly opts: LiftGatewayOptions) {
    this.prefix = opts.prefix ?? 'lifts/v1';
    this.byName = new Map(opts.lifts.map((l) => [l.name, l]));
  }

  private get root(): string {
    return `${this.prefix}/${this.opts.gatewayId}`;
  }

  private connection(state: 'ONLINE' | 'OFFLINE' | 'CONNECTIONBROKEN'): string {
    return JSON.stringify({ connectionState: state, timestamp: new Date().toISOString() });
  }

  async start(): Promise<void> {
    const c = connect(this.opts.url, {
      clientId: `lift-gateway-${this.opts.gatewayId}`,
      username: this.opts.username ?? this.root,
      password: this.opts.password,
      protocolVersion: 4,
      keepalive: 30,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      clean: true,
      queueQoSZero: false,
      will: {
        topic: `${this.root}/connection`,
        payload: Buffer.from(this.connection('CONNECTIONBROKEN')),
        qos: 1,
        retain: true,
      },
    });
    this.client = c;
    c.on('message', (topic, payload) => this.onRequest(topic, payload));
    await new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        c.end(true);
        reject(err);
      };
      c.once('error', fail);
      c.once('connect', () => {
        c.removeListener('error', fail);
        c.on('error', () => {});
        const hello = () => {
          c.publish(`${this.root}/connection`, this.connection('ONLINE'), { qos: 1, retain: true });
          this.lastSent.clear();
        };
        c.on('connect', hello);
        c.subscribe(`${this.root}/+/request`, { qos: 1 }, (err) => {
          if (err) return fail(err);
          hello();
          resolve();
        });
      });
    });
    const tickMs = this.opts.tickMs ?? 100;
    let last = Date.now();
    this.timer = setInterval(() => {
      const now = Date.now();
      this.tick((now - last) / 1000, now);
      last = now;
    }, tickMs);
  }

  /** Steps every lift and publishes the states that changed or are due. */
  tick(dtS: number, now = Date.now()): void {
    const every = this.opts.stateIntervalMs ?? 1000;
    for (const lift of this.byName.values()) {
      lift.step(dtS);
      const changed = lift.takeChanged();
      if (changed || now - (this.lastSent.get(lift.name) ?? 0) >= every) this.publishState(lift, now);
    }
  }

  private publishState(lift: SimLift, now: number): void {
    if (!this.client?.connected) return;
    this.client.publish(`${this.root}/${lift.name}/state`, JSON.stringify(lift.state(now)), { qos: 0 });
    this.lastSent.set(lift.name, now);
    this.opts.onEvent?.({ type: 'state', liftName: lift.name });
  }

  private onRequest(topic: string, payload: Buffer): void {
    const name = topic.slice(this.root.length + 1, -'/request'.length);
    const lift = this.byName.get(name);
    if (!lift) {
      this.opts.onEvent?.({ type: 'refused', reason: 'unknownLift' });
      return;
    }
    let parsed: ReturnType<typeof liftRequest.safeParse>;
    try {
      parsed = liftRequest.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      this.opts.onEvent?.({ type: 'refused', reason: 'malformed' });
      return;
    }
    if (!parsed.success) {
      this.opts.onEvent?.({ type: 'refused', reason: 'malformed' });
      return;
    }
    const accepted = lift.request(parsed.data);
    this.opts.onEvent?.({ type: 'request', liftName: name, accepted });
    // The answer to a request is the state that follows: at once.
    if (lift.takeChanged()) this.publishState(lift, Date.now());
  }

  /** Says OFFLINE (retained) and disconnects cleanly, so no last will is sent. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    const c = this.client;
    if (!c) return;
    if (c.connected)
      await c.publishAsync(`${this.root}/connection`, this.connection('OFFLINE'), { qos: 1, retain: true });
    await c.endAsync();
  }
}
