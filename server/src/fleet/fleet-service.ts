import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { Counter } from 'prom-client';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { robots } from '../db/schema/index.js';
import { CommandTracker } from './commands/command-tracker.js';
import { type EmbeddedBroker, startEmbeddedBroker } from './embedded-broker.js';
import { embeddedBus, externalBus, type FleetBus } from './fleet-bus.js';
import { HistoryRecorder } from './history/history-recorder.js';
import { FleetIngest } from './ingest.js';
import { LiveStore, type RobotIdentity } from './live-store.js';
import { checkRobotLogin } from './robot-credentials.js';

const STALE_SWEEP_MS = 1000;

export interface Fleet {
  store: LiveStore;
  bus: FleetBus;
  /** The embedded broker, when this server runs one. */
  broker: EmbeddedBroker | null;
  prefix: string;
  commands: CommandTracker;
  history: HistoryRecorder;
  close(): Promise<void>;
}

export function identityOf(row: typeof robots.$inferSelect): RobotIdentity {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    manufacturer: row.manufacturer,
    serialNumber: row.serialNumber,
    model: row.model,
    buildingId: row.buildingId,
    expectedIntervalMs: row.expectedIntervalSeconds * 1000,
  };
}

/**
 * Starts hearing the robots of this region: the registered robots are loaded into the live store, then the
 * embedded broker starts (or the external one is joined) and every message goes through the ingest.
 */
export async function startFleet(opts: {
  config: Config;
  reg: Db;
  log: FastifyBaseLogger;
  metrics: Registry;
}): Promise<Fleet> {
  const { config, reg, log } = opts;
  const prefix = config.vdaPrefix;
  const store = new LiveStore();
  for (const row of await reg.select().from(robots)) store.register(identityOf(row));

  // Counted in plain numbers and handed over when /metrics is read: a counter update per message (30,000 a
  // second at 10,000 robots) showed in profiles.
  const acceptedByTopic = new Map<string, number>();
  new Counter({
    name: 'fleet_messages_total',
    help: 'Robot messages taken in, by VDA 5050 topic',
    labelNames: ['topic'] as const,
    registers: [opts.metrics],
    collect() {
      for (const [topic, n] of acceptedByTopic) if (n) this.labels({ topic }).inc(n);
      acceptedByTopic.clear();
    },
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
  let broker: EmbeddedBroker | null = null;
  let bus: FleetBus;
  if (config.mqtt.url) {
    bus = await externalBus({
      url: config.mqtt.url,
      prefix,
      username: config.mqtt.username,
      password: config.mqtt.password,
      shared: false,
    });
    log.info({ url: config.mqtt.url }, 'fleet: using the external MQTT broker');
  } else {
    broker = await startEmbeddedBroker({
      port: config.mqtt.port,
      host: config.mqtt.host,
      prefix,
      checkLogin: (username, password) => checkRobotLogin(reg, username, password),
      bench: config.mqtt.bench,
      refused: (reason) => refused.inc({ reason }),
      log,
    });
    bus = embeddedBus(broker.aedes, prefix);
    log.info({ port: broker.port }, 'fleet: embedded MQTT broker listening');
  }

  const ingest = new FleetIngest(
    store,
    prefix,
    {
      accepted: (topic) => acceptedByTopic.set(topic, (acceptedByTopic.get(topic) ?? 0) + 1),
      dropped: (reason) => dropped.inc({ reason }),
    },
    log,
  );
  await bus.listen((topic, payload) => ingest.handle(topic, payload));
  const commands = new CommandTracker(store, reg, log);
  const history = new HistoryRecorder(store, reg, log);
  const sweep = setInterval(() => store.sweepStale(Date.now()), STALE_SWEEP_MS);
  sweep.unref();

  return {
    store,
    bus,
    broker,
    prefix,
    commands,
    history,
    close: async () => {
      clearInterval(sweep);
      commands.close();
      await history.close();
      await bus.close();
      await broker?.close();
    },
  };
}
