import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import type { CommandTopic, Qos, RobotTransport, TransportHandlers } from './types.js';

export interface OwnConnectionOptions {
  url: string;
  /** `uagv/v2/{manufacturer}/{serialNumber}` */
  topicBase: string;
  clientId: string;
  username: string;
  password?: string;
  /** 4 = MQTT 3.1.1 (default: the embedded aedes broker speaks only that), 5 = MQTT 5. */
  protocolVersion?: 4 | 5;
  keepaliveS?: number;
  reconnectMs?: number;
  /** The retained CONNECTIONBROKEN message the broker publishes when the connection dies. */
  will: () => string;
}

const noop = () => {};

/** One MQTT connection per robot, as VDA 5050 intends: the last will marks exactly this robot as broken. */
export function createOwnConnection(opts: OwnConnectionOptions): RobotTransport {
  let client: MqttClient | undefined;
  const commandTopics: Record<string, CommandTopic> = {
    [`${opts.topicBase}/order`]: 'order',
    [`${opts.topicBase}/instantActions`]: 'instantActions',
  };

  return {
    open(handlers: TransportHandlers) {
      const options: IClientOptions = {
        clientId: opts.clientId,
        username: opts.username,
        password: opts.password,
        protocolVersion: opts.protocolVersion ?? 4,
        keepalive: opts.keepaliveS ?? 30,
        reconnectPeriod: opts.reconnectMs ?? 2000,
        connectTimeout: 10_000,
        clean: true,
        // Telemetry queued while offline would arrive stale and in a burst; the next tick sends fresh state.
        queueQoSZero: false,
        will: {
          topic: `${opts.topicBase}/connection`,
          payload: Buffer.from(opts.will()),
          qos: 1,
          retain: true,
        },
      };
      const c = connect(opts.url, options);
      client = c;
      c.on('message', (topic, payload) => {
        const which = commandTopics[topic];
        if (which) handlers.onCommand(which, payload);
      });
      return new Promise<void>((resolve, reject) => {
        const fail = (err: Error) => {
          clearTimeout(timer);
          c.end(true);
          reject(err);
        };
        // The client retries silently when the broker never answers; a robot that cannot start must say so.
        const timer = setTimeout(() => fail(new Error(`no connection to ${opts.url} within 15 s`)), 15_000);
        c.once('error', fail);
        c.once('connect', () => {
          clearTimeout(timer);
          c.removeListener('error', fail);
          // Later errors (a broker restart) are retried by the client's reconnect; nothing to do here.
          c.on('error', noop);
          c.on('connect', () => handlers.onConnect());
          c.subscribe(Object.keys(commandTopics), { qos: 1 }, (err) => {
            if (err) return fail(err);
            handlers.onConnect();
            resolve();
          });
        });
      });
    },

    publish(sub: string, payload: string, qos: Qos, retain: boolean) {
      if (!client?.connected) return false;
      client.publish(`${opts.topicBase}/${sub}`, payload, { qos, retain });
      return true;
    },

    async close() {
      const c = client;
      client = undefined;
      if (c) await c.endAsync(false);
    },

    kill() {
      const c = client;
      client = undefined;
      if (!c) return;
      c.options.reconnectPeriod = 0;
      c.end(true);
    },
  };
}
