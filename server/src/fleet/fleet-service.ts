import net from 'node:net';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { Counter, Gauge } from 'prom-client';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { robots } from '../db/schema/index.js';
import { CommandTracker } from './commands/command-tracker.js';
import type { FleetBus } from './fleet-bus.js';
import { shareHistoryNotes } from './history/history-notes.js';
import { HistoryRecorder } from './history/history-recorder.js';
import { identityOf } from './identity-of.js';
import { ALONE, type FleetOwnership, InstanceRegistry } from './instances/instance-registry.js';
import { LiveStore, type RobotIdentity } from './live-store.js';
import { type PeripheralKind, type PeripheralLogin, peripheralKindOf } from './peripherals.js';
import { followRobotChanges, type Listen } from './robot-changes.js';
import { checkRobotLogin } from './robot-credentials.js';
import { TelemetryThread } from './thread/telemetry-thread.js';
import type { RobotAddress } from './thread/thread-messages.js';

const STALE_SWEEP_MS = 1000;

export interface Fleet {
  store: LiveStore;
  /** Sends robots their commands, through whichever broker carries them. */
  bus: Pick<FleetBus, 'publish'>;
  /** The embedded broker, when this server runs one. */
  broker: BrokerDoor | null;
  /** Where the broker and the ingest run. */
  thread: TelemetryThread;
  prefix: string;
  commands: CommandTracker;
  history: HistoryRecorder;
  /** Which robots' history and events are this instance's, among the instances on the same broker. */
  ownership: FleetOwnership;
  /** Hears every message of one kind of peripheral (the lift link, the device link); answers how to stop. */
  onPeripheralMessage(kind: PeripheralKind, handler: (topic: string, payload: Buffer) => void): () => void;
  close(): Promise<void>;
}

/** The embedded broker as the main thread reaches it. */
export interface BrokerDoor {
  port: number;
  /** Closes the connections of a robot whose registration was removed or whose password was renewed. */
  disconnect(manufacturer: string, serialNumber: string): void;
  /** Closes the connections of a peripheral whose registration was removed or whose password was renewed. */
  disconnectPeripheral(kind: PeripheralKind, id: string): void;
  /** Carries one MQTT over WebSocket connection (/mqtt) into the broker. */
  connect(stream: Duplex): void;
}

function brokerOf(thread: TelemetryThread): BrokerDoor | null {
  const { port } = thread;
  if (port === null) return null;
  return {
    port,
    disconnect: (manufacturer, serialNumber) => thread.disconnect(manufacturer, serialNumber),
    disconnectPeripheral: (kind, id) => thread.disconnectPeripheral(kind, id),
    connect: (stream) => {
      // Read at each connection: a thread started again listens on a new loopback port.
      const bridgePort = thread.bridgePort;
      if (bridgePort === null) {
        stream.destroy();
        return;
      }
      const door = net.connect({ port: bridgePort, host: '127.0.0.1', noDelay: true });
      // Either side closing or failing ends both; nothing to report beyond the robot reconnecting.
      pipeline(stream, door, stream, () => {});
    },
  };
}

const addressOf = (r: RobotIdentity): RobotAddress => ({
  id: r.id,
  manufacturer: r.manufacturer,
  serialNumber: r.serialNumber,
});

/**
 * Starts hearing the robots of this region: the registered robots are loaded into the live store, then the
 * embedded broker starts (or the external one is joined) and every message goes through the ingest.
 */
export async function startFleet(opts: {
  config: Config;
  reg: Db;
  log: FastifyBaseLogger;
  metrics: Registry;
  /**
   * Whether other instances may share this fleet: the database is PostgreSQL (PGlite is one process's). With an
   * external broker they then share out the robots' history (instances/instance-registry.ts).
   */
  sharedDatabase?: boolean;
  /**
   * Hears the database's notifications (PostgreSQL): robots registered, edited or removed by another instance are
   * followed here too (robot-changes.ts). Absent with PGlite, which one process holds.
   */
  listen?: Listen;
  /**
   * Checks a peripheral's MQTT login (`{prefix}/{id}`): the lifts area owns gateways, the devices area mini
   * devices.
   */
  peripheralLogin(kind: PeripheralKind, username: string, password: Buffer): Promise<PeripheralLogin | null>;
}): Promise<Fleet> {
  const { config, reg, log } = opts;
  const prefix = config.vdaPrefix;
  const store = new LiveStore();
  // Heard before the robots are read, so a change made in between is not missed.
  const changes = opts.listen ? await followRobotChanges(opts.listen, reg, store, log) : null;
  for (const row of await reg.select().from(robots)) store.register(identityOf(row));

  // The telemetry thread counts; its batches bring the counts (a counter update per message, 30,000 a
  // second at 10,000 robots, showed in profiles).
  const accepted = new Counter({
    name: 'fleet_messages_total',
    help: 'Robot messages taken in, by VDA 5050 topic',
    labelNames: ['topic'] as const,
    registers: [opts.metrics],
  });
  const dropped = new Counter({
    name: 'fleet_messages_dropped_total',
    help: 'Robot messages dropped, by reason',
    labelNames: ['reason'] as const,
    registers: [opts.metrics],
  });
  const refused = new Counter({
    name: 'fleet_mqtt_refused_total',
    help: 'MQTT connections, publications and subscriptions refused by the embedded broker',
    labelNames: ['reason'] as const,
    registers: [opts.metrics],
  });

  if (config.mqtt.bench) {
    // Loud on purpose: this login speaks for every robot and belongs on a load-test machine only.
    log.warn(
      { username: config.mqtt.bench.username, embedded: !config.mqtt.url },
      config.mqtt.url
        ? 'MQTT_BENCH_PASSWORD is set but ignored: the external broker has its own logins'
        : 'MQTT_BENCH_PASSWORD is set: the load-test login may publish telemetry for every robot. Never in production',
    );
  }
  // The thread's loop delay: the worst second since /metrics was last read (robot messages wait that long).
  let worstLag = { p99: 0, max: 0 };
  new Gauge({
    name: 'fleet_telemetry_thread_event_loop_p99_seconds',
    help: 'Event-loop delay of the telemetry thread (broker and ingest): p99 of its worst second since the last scrape',
    registers: [opts.metrics],
    collect() {
      this.set(worstLag.p99 / 1000);
    },
  });
  new Gauge({
    name: 'fleet_telemetry_thread_event_loop_max_seconds',
    help: 'Event-loop delay of the telemetry thread: the longest wait since the last scrape',
    registers: [opts.metrics],
    collect() {
      // Read after the p99 gauge (a registry collects in the order of registration): both see the same seconds.
      this.set(worstLag.max / 1000);
      worstLag = { p99: 0, max: 0 };
    },
  });
  const restarts = new Counter({
    name: 'fleet_telemetry_thread_restarts_total',
    help: 'Times the telemetry thread stopped unexpectedly and was started again',
    registers: [opts.metrics],
  });
  const listeners = new Set<{ kind: PeripheralKind; hear(topic: string, payload: Buffer): void }>();
  const peripheralPrefixes = { lifts: config.liftPrefix, devices: config.devicePrefix };
  const thread = new TelemetryThread({
    init: { prefix, peripheralPrefixes, mqtt: config.mqtt },
    robots: () => store.identities().map(addressOf),
    sink: store,
    checkLogin: (username, password) => {
      const kind = peripheralKindOf(peripheralPrefixes, username);
      return kind ? opts.peripheralLogin(kind, username, password) : checkRobotLogin(reg, username, password);
    },
    peripheralMessage: (kind, topic, payload) => {
      for (const l of listeners) if (l.kind === kind) l.hear(topic, payload);
    },
    counted: (counts) => {
      for (const [topic, n] of Object.entries(counts.accepted)) accepted.inc({ topic }, n);
      for (const [reason, n] of Object.entries(counts.dropped)) dropped.inc({ reason }, n);
      for (const [reason, n] of Object.entries(counts.refused)) refused.inc({ reason }, n);
    },
    health: {
      lag: (p99, max) => {
        worstLag = { p99: Math.max(worstLag.p99, p99), max: Math.max(worstLag.max, max) };
      },
      restarted: () => restarts.inc(),
    },
    log,
  });
  const stopFollowing = store.onRegistration((robot, registered) =>
    registered ? thread.register(addressOf(robot)) : thread.unregister(robot.id),
  );
  try {
    await thread.start();
  } catch (err) {
    stopFollowing();
    throw err;
  }
  if (config.mqtt.url) log.info({ url: config.mqtt.url }, 'fleet: using the external MQTT broker');
  else log.info({ port: thread.port }, 'fleet: embedded MQTT broker listening');
  const broker = brokerOf(thread);

  const commands = new CommandTracker(store, reg, log);
  // Instances on one external broker each hear every robot; an embedded broker's robots are this instance's alone.
  const ownership = config.mqtt.url && opts.sharedDatabase ? await InstanceRegistry.start(reg, log) : ALONE;
  // Which row of `fleet_instances` this process is, and how many instances share the fleet as it sees them.
  new Gauge({
    name: 'fleet_instances',
    help: 'Instances sharing the fleet as this one sees them; label: this instance’s id in fleet_instances',
    labelNames: ['instance'] as const,
    registers: [opts.metrics],
    collect() {
      this.reset();
      this.set({ instance: ownership.self ?? 'alone' }, ownership.instances.length);
    },
  });
  const history = new HistoryRecorder(store, reg, log, Date.now, ownership, ownership.instances.length === 1);
  const notes =
    opts.listen && ownership.self
      ? await shareHistoryNotes({ listen: opts.listen, reg, history, self: ownership.self, log })
      : null;
  const sweep = setInterval(() => store.sweepStale(Date.now()), STALE_SWEEP_MS);
  sweep.unref();

  return {
    store,
    bus: { publish: (topic, payload, o) => thread.publish(topic, payload, o) },
    broker,
    thread,
    prefix,
    commands,
    history,
    ownership,
    onPeripheralMessage: (kind, hear) => {
      const listener = { kind, hear };
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      clearInterval(sweep);
      stopFollowing();
      await commands.close();
      await history.close();
      // After the last write: the others take this instance's robots at their next beat.
      await ownership.close();
      await changes?.close();
      await notes?.close();
      await thread.close();
    },
  };
}
