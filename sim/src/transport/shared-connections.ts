import type { Writable } from 'node:stream';
import { connect, type MqttClient } from 'mqtt';
import { PublishBatch } from './publish-batch.js';
import type { CommandTopic, Qos, RobotTransport, TopicConfig, TransportHandlers } from './types.js';

export interface SharedConnectionsOptions {
  url: string;
  /** How many MQTT connections carry all robots' traffic. */
  connections: number;
  clientIdPrefix: string;
  username?: string;
  password?: string;
  protocolVersion?: 4 | 5;
  topics: TopicConfig;
  /** Manufacturers whose commands to listen for (one wildcard subscription each). */
  manufacturers: readonly string[];
  /** Above this many bytes waiting in a socket, new QoS 0 messages are dropped (and counted) instead. */
  maxBufferedBytes?: number;
}

interface Slot {
  handlers: TransportHandlers;
}

/**
 * Load-generator mode: thousands of robots publish over a handful of connections. A connection per robot
 * costs a socket, a keepalive timer and broker session state each, which at 10,000 robots would measure the
 * simulator rather than the server. The price: the broker cannot send a robot's last will, because no
 * connection belongs to one robot. Brokers that tie a username to one robot's topics refuse this mode.
 */
export class SharedConnections {
  private readonly clients: MqttClient[] = [];
  private readonly batches: PublishBatch[] = [];
  private flushScheduled = false;
  private readonly slots = new Map<string, Slot>();
  private next = 0;

  constructor(private readonly opts: SharedConnectionsOptions) {}

  async open(): Promise<void> {
    const { topics } = this.opts;
    for (let i = 0; i < Math.max(1, this.opts.connections); i++) {
      const client = connect(this.opts.url, {
        clientId: `${this.opts.clientIdPrefix}-shared-${i}`,
        username: this.opts.username,
        // MQTT forbids a password without a username (the broker would drop the connection silently).
        password: this.opts.username === undefined ? undefined : this.opts.password,
        protocolVersion: this.opts.protocolVersion ?? 4,
        keepalive: 30,
        reconnectPeriod: 2000,
        clean: true,
        queueQoSZero: false,
      });
      this.clients.push(client);
      this.batches.push(new PublishBatch(this.opts.protocolVersion ?? 4));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          client.end(true);
          reject(new Error(`no connection to ${this.opts.url} within 10 s`));
        }, 10_000);
        client.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        client.once('error', (err) => {
          clearTimeout(timer);
          client.end(true);
          reject(err);
        });
      });
      client.on('error', () => {});
    }
    // One connection listens for every robot's commands: commands are rare, telemetry is what is spread.
    const listener = this.clients[0];
    if (!listener) return;
    listener.on('message', (topic, payload) => this.dispatch(topic, payload));
    const filters = this.opts.manufacturers.flatMap((m) => [
      `${topics.interfaceName}/${topics.majorVersion}/${m}/+/order`,
      `${topics.interfaceName}/${topics.majorVersion}/${m}/+/instantActions`,
    ]);
    await listener.subscribeAsync(filters, { qos: 1 });
  }

  /** A transport for one robot; robots are dealt round-robin over the connections. */
  transport(topicBase: string): RobotTransport {
    const index = this.next++ % this.clients.length;
    const client = this.clients[index];
    const batch = this.batches[index];
    if (!client || !batch) throw new Error('SharedConnections.open() must finish before transport()');
    const max = this.opts.maxBufferedBytes ?? 8 * 1024 * 1024;
    return {
      open: async (handlers) => {
        this.slots.set(topicBase, { handlers });
        handlers.onConnect();
      },
      publish: (sub: string, payload: string, qos: Qos, retain: boolean) => {
        if (!client.connected) return false;
        if (qos === 1) {
          // QoS 1 (connection, factsheet) needs acks and retries: mqtt.js's job.
          client.publish(`${topicBase}/${sub}`, payload, { qos, retain });
          return true;
        }
        // A broker that cannot keep up: drop telemetry rather than buffer it without bound.
        if ((client.stream as Writable).writableLength > max) return false;
        batch.add(`${topicBase}/${sub}`, payload, retain);
        this.scheduleFlush();
        return true;
      },
      close: async () => {
        this.slots.delete(topicBase);
      },
      kill: () => {
        this.slots.delete(topicBase);
      },
    };
  }

  /** Writes each connection's batch once the current tick's work is done. */
  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.clients.forEach((client, i) => {
        const batch = this.batches[i];
        if (!batch || batch.size === 0) return;
        const packets = batch.take();
        // Between batches mqtt.js writes whole packets only, so hand-framed ones never interleave with its own.
        if (client.connected) (client.stream as Writable).write(packets);
      });
    });
  }

  /** QoS 1 messages sent and not yet acknowledged by the broker. */
  inFlight(): number {
    return this.clients.reduce((n, c) => n + Object.keys(c.outgoing).length, 0);
  }

  /** Resolves once at most `max` QoS 1 messages await their ack (or after `timeoutMs`). */
  async settle(max = 0, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight() > max && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  /** Waits for the broker's acks of what was published with QoS 1, then disconnects. */
  async close(): Promise<void> {
    // mqtt.js's own wait counts its in-flight table on every ack, quadratic with thousands of OFFLINE
    // messages in flight; waiting here first keeps stopping a 10,000-robot fleet to seconds.
    await this.settle(0);
    await Promise.all(this.clients.map((c) => c.endAsync(false)));
    this.clients.length = 0;
  }

  private dispatch(topic: string, payload: Buffer): void {
    const cut = topic.lastIndexOf('/');
    const slot = this.slots.get(topic.slice(0, cut));
    const which = topic.slice(cut + 1) as CommandTopic;
    if (slot && (which === 'order' || which === 'instantActions')) slot.handlers.onCommand(which, payload);
  }
}
