import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { DirectEmitter } from './direct-emitter.js';
import type { FleetLog } from './fleet-log.js';
import { PERIPHERAL_RULES, type PeripheralKind, type PeripheralPrefixes } from './peripherals.js';
import { parsePublishesDirectly, parserOf } from './publish-parser.js';
import { type BrokerLogin, isPeripheralLogin, type RobotLogin } from './robot-credentials.js';
import { ROBOT_PUBLISHES } from './vda/topics.js';

/** A robot publishes its own telemetry and subscribes to its own commands, nothing else. */
const ROBOT_SUBSCRIBES = new Set(['order', 'instantActions', '+', '#']);

/** Messages the router delivers at once through its matcher: aedes's own default. */
const MQ_CONCURRENCY = 100;

export type RefusalReason = 'credentials' | 'publish' | 'subscribe';

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  /** `uagv/v2`: robots live under `{prefix}/{manufacturer}/{serialNumber}/…`. */
  prefix: string;
  /** `lifts/v1`, `devices/v1`: a peripheral lives under `{prefix}/{id}/…` (peripherals.ts). */
  peripheralPrefixes: PeripheralPrefixes;
  checkLogin(username: string, password: Buffer): Promise<BrokerLogin | null>;
  /** A login besides robots' and peripherals' (the load test's, bench-login.ts), only when configured. */
  extraLogin?: ExtraBrokerLogin | undefined;
  refused(reason: RefusalReason): void;
  log: FleetLog;
  /**
   * Every packet through mqtt-packet's parser, without the short way for robots' publications
   * (publish-parser.ts): the broker as published, bench/telemetry's yardstick for the broker alone.
   */
  stockParser?: boolean;
}

export interface EmbeddedBroker {
  aedes: Aedes;
  /** The broker's message router (direct-emitter.ts). */
  router: DirectEmitter;
  port: number;
  /** Closes the connections of a robot whose registration was removed or whose password was renewed. */
  disconnect(manufacturer: string, serialNumber: string): void;
  /** Closes the connections of a peripheral whose registration was removed or whose password was renewed. */
  disconnectPeripheral(kind: PeripheralKind, id: string): void;
  close(): Promise<void>;
}

/** A login the broker accepts besides robots' and peripherals': it decides for its own clients alone. */
export interface ExtraBrokerLogin {
  /** Whether the username is this login's: then only `accept` decides. */
  claims(username: string): boolean;
  accept(client: Client, username: string, password: Buffer): boolean;
  /** Whether the client connected through this login. */
  owns(client: Client): boolean;
  mayPublish(topic: string): boolean;
  maySubscribe(filter: string): boolean;
}

export class BrokerPortError extends Error {}

/**
 * The MQTT broker built into the server (aedes): robots connect with their console credentials and may only
 * use their own topics. Anything else is refused and counted.
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  /** Each robot's login and the root of its own topics, worked out once when it connects. */
  const robots = new WeakMap<Client, RobotLogin & { root: string }>();
  /** Each peripheral's kind, id and the root of its own topics. */
  const peripherals = new WeakMap<Client, { kind: PeripheralKind; id: string; root: string }>();
  const extra = opts.extraLogin;

  const router = new DirectEmitter({ concurrency: MQ_CONCURRENCY });
  const aedes = await Aedes.createBroker({
    // Robots' frequent telemetry goes straight to the ingest while nobody else could want it (direct-emitter.ts).
    mq: router,
    authenticate: (client, username, password, done) => {
      const refuse = () => {
        opts.refused('credentials');
        const err = new Error('bad username or password') as AuthenticateError;
        err.returnCode = 4;
        done(err, false);
      };
      if (!username || !password) return refuse();
      if (extra?.claims(username))
        return extra.accept(client, username, password) ? done(null, true) : refuse();
      opts.checkLogin(username, password).then(
        (login) => {
          if (!login) return refuse();
          if (isPeripheralLogin(login))
            peripherals.set(client, {
              kind: login.peripheral,
              id: login.id,
              root: `${opts.peripheralPrefixes[login.peripheral]}/${login.id}/`,
            });
          else
            robots.set(client, {
              ...login,
              root: `${opts.prefix}/${login.manufacturer}/${login.serialNumber}/`,
            });
          done(null, true);
        },
        (err: unknown) => {
          opts.log.error({ err }, 'robot login could not be checked');
          const e = new Error('server unavailable') as AuthenticateError;
          e.returnCode = 3;
          done(e, false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      // Publications of the server itself come without a client.
      if (!client) return done(null);
      if (extra?.owns(client)) {
        if (extra.mayPublish(packet.topic)) return done(null);
        opts.refused('publish');
        return done(new Error(`not allowed to publish on ${packet.topic}`));
      }
      const peripheral = peripherals.get(client);
      if (peripheral) {
        const { root, kind } = peripheral;
        const rest = packet.topic.startsWith(root) ? packet.topic.slice(root.length) : '';
        if (PERIPHERAL_RULES[kind].publishes.test(rest)) return done(null);
        opts.refused('publish');
        return done(new Error(`not allowed to publish on ${packet.topic}`));
      }
      const root = robots.get(client)?.root;
      const kind = root && packet.topic.startsWith(root) ? packet.topic.slice(root.length) : null;
      if (kind && ROBOT_PUBLISHES.has(kind)) return done(null);
      opts.refused('publish');
      done(new Error(`not allowed to publish on ${packet.topic}`));
    },
    authorizeSubscribe: (client, sub, done) => {
      if (extra?.owns(client)) {
        if (extra.maySubscribe(sub.topic)) return done(null, sub);
        opts.refused('subscribe');
        return done(null, null);
      }
      const peripheral = peripherals.get(client);
      if (peripheral) {
        const { root, kind } = peripheral;
        const rest = sub.topic.startsWith(root) ? sub.topic.slice(root.length) : '';
        if (PERIPHERAL_RULES[kind].subscribes.test(rest)) return done(null, sub);
        opts.refused('subscribe');
        return done(null, null);
      }
      const root = robots.get(client)?.root;
      const rest = root && sub.topic.startsWith(root) ? sub.topic.slice(root.length) : null;
      if (rest && ROBOT_SUBSCRIBES.has(rest)) return done(null, sub);
      opts.refused('subscribe');
      // A refused subscription (SUBACK 128), not a dropped connection: the robot may have just one wrong filter.
      done(null, null);
    },
  });

  // Every way in (this port, the loopback door of the WebSocket bridge) is a call of aedes.handle.
  if (!opts.stockParser) {
    const handle = aedes.handle;
    let warned = false;
    aedes.handle = (conn, req) => {
      const client = handle(conn, req);
      if (!parsePublishesDirectly(parserOf(client)) && !warned) {
        warned = true;
        opts.log.warn(
          {},
          'MQTT: robots’ publications go through the general packet parser (aedes or mqtt-packet changed): slower, not wrong',
        );
      }
      return client;
    };
  }
  const server = net.createServer({ noDelay: true }, (socket) => aedes.handle(socket));
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new BrokerPortError(
              `MQTT_PORT ${opts.port} is taken: set MQTT_PORT to a free port, or MQTT_URL to use the broker already running there`,
            )
          : err,
      );
    });
    server.listen(opts.port, opts.host, () => resolve((server.address() as net.AddressInfo).port));
  });

  return {
    aedes,
    router,
    port,
    disconnect: (manufacturer, serialNumber) => {
      const clients = (aedes as unknown as { clients: Record<string, Client> }).clients;
      for (const client of Object.values(clients)) {
        const robot = robots.get(client);
        if (robot?.manufacturer === manufacturer && robot.serialNumber === serialNumber) client.close();
      }
    },
    disconnectPeripheral: (kind, id) => {
      const clients = (aedes as unknown as { clients: Record<string, Client> }).clients;
      for (const client of Object.values(clients)) {
        const p = peripherals.get(client);
        if (p?.kind === kind && p.id === id) client.close();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Clients first: the listening socket closes only once no connection is left.
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
