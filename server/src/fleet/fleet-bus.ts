import { randomUUID } from 'node:crypto';
import type { Aedes } from 'aedes';
import mqtt from 'mqtt';
import type { DirectEmitter } from './direct-emitter.js';

export type MessageHandler = (topic: string, payload: Buffer) => void;

/** How the server hears robots and talks to them, whichever broker carries the messages. */
export interface FleetBus {
  /** Every message under `{prefix}/+/+/+`, and under each of `peripheralPrefixes` (`lifts/v1/#`…). */
  listen(handler: MessageHandler): Promise<void>;
  publish(topic: string, payload: string, opts: { qos: 0 | 1; retain?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** The embedded broker, reached in-process: no socket, no serialisation beyond the robots' own. */
export function embeddedBus(
  aedes: Aedes,
  prefix: string,
  peripheralPrefixes: string[] = [],
  /** The broker's router: robots' frequent telemetry reaches `listen`'s handler the short way through it. */
  router?: DirectEmitter,
): FleetBus {
  const filters = [`${prefix}/+/+/+`, ...peripheralPrefixes.map((p) => `${p}/#`)];
  let deliver: ((packet: { topic: string; payload: string | Buffer }, cb: () => void) => void) | null = null;
  return {
    listen: async (handler) => {
      const d = (packet: { topic: string; payload: string | Buffer }, cb: () => void) => {
        handler(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
        cb();
      };
      deliver = d;
      router?.useDirect(prefix, d);
      for (const filter of filters) await new Promise<void>((resolve) => aedes.subscribe(filter, d, resolve));
    },
    publish: (topic, payload, opts) =>
      new Promise((resolve, reject) => {
        aedes.publish(
          {
            cmd: 'publish',
            topic,
            payload: Buffer.from(payload),
            qos: opts.qos,
            retain: opts.retain ?? false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        );
      }),
    close: async () => {
      const d = deliver;
      if (!d) return;
      for (const filter of filters)
        await new Promise<void>((resolve) => aedes.unsubscribe(filter, d, resolve));
    },
  };
}

export interface ExternalBusOptions {
  url: string;
  prefix: string;
  username?: string | undefined;
  password?: string | undefined;
  /**
   * Joins the `$share/fleet-console` group: among many instances each message reaches one, so it is stored
   * once. Live fan-out uses a plain subscription so every instance sees every robot.
   */
  shared: boolean;
  /**
   * Peripherals' topics (lift gateways, mini devices), heard by a plain subscription: every instance keeps every
   * lift's and device's state; they send a message a second or a minute, not the robots' thousands.
   */
  peripheralPrefixes?: string[] | undefined;
}

/** An external broker (Mosquitto, EMQX…) through an MQTT client; it reconnects and resubscribes by itself. */
export async function externalBus(opts: ExternalBusOptions): Promise<FleetBus> {
  const client = await mqtt.connectAsync(opts.url, {
    clientId: `fleet-console-${randomUUID().slice(0, 8)}`,
    username: opts.username,
    password: opts.password,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 5000,
  });
  const filter = `${opts.shared ? '$share/fleet-console/' : ''}${opts.prefix}/+/+/+`;
  return {
    listen: async (handler) => {
      client.on('message', (topic, payload) => handler(topic, payload));
      await client.subscribeAsync(filter, { qos: 0 });
      for (const p of opts.peripheralPrefixes ?? []) await client.subscribeAsync(`${p}/#`, { qos: 0 });
    },
    publish: async (topic, payload, o) => {
      await client.publishAsync(topic, payload, { qos: o.qos, retain: o.retain ?? false });
    },
    close: async () => {
      await client.endAsync();
    },
  };
}
