import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { benchBrokerLogin } from '../bench-login.js';
import { BrokerPortError, type EmbeddedBroker, startEmbeddedBroker } from '../embedded-broker.js';
import { embeddedBus, externalBus, type FleetBus } from '../fleet-bus.js';
import type { FleetLog } from '../fleet-log.js';
import { FleetIngest } from '../ingest.js';
import { PERIPHERAL_KINDS, PERIPHERAL_RULES, peripheralKindOf } from '../peripherals.js';
import type { BrokerLogin } from '../robot-credentials.js';
import { RouteTable } from './route-table.js';
import { RecordWriter } from './telemetry-records.js';
import { CountBuffer } from './thread-counts.js';
import type { FromThread, LogLevel, ThreadInit, ToThread } from './thread-messages.js';

/*
 * The telemetry thread: the MQTT broker (or the client of an external one) and the ingest. Every robot
 * message is parsed and checked here, off the main thread; what is valid goes to the main thread's live store
 * as one batch every FLUSH_MS (see telemetry-records.ts).
 */

const FLUSH_MS = 20;

const main = parentPort;
if (!main) throw new Error('telemetry-worker.ts runs as a worker thread (see telemetry-thread.ts)');
const init = workerData as ThreadInit;
const post = (m: FromThread) => main.postMessage(m);
/** The batch's numbers are handed over, not copied: the writer starts a new array. */
const postBatch = (m: FromThread & { t: 'records' }) =>
  main.postMessage(m, [m.batch.nums.buffer as ArrayBuffer]);

/** An error does not survive the copy to the main thread as one: its message and stack do. */
function plain(obj: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj))
    out[k] = v instanceof Error ? { type: v.name, message: v.message, stack: v.stack } : v;
  return out;
}
const logAt = (level: LogLevel) => (obj: object, msg: string) =>
  post({ t: 'log', level, obj: plain(obj), msg });
const log: FleetLog = { info: logAt('info'), warn: logAt('warn'), error: logAt('error') };

const routes = new RouteTable(init.robots);
const writer = new RecordWriter((id) => routes.slotOf(id));
const counts = new CountBuffer();
let scheduled = false;

function flush(): void {
  scheduled = false;
  if (writer.size === 0 && counts.empty) return;
  const batch = writer.take();
  postBatch({ t: 'records', batch, counts: counts.take() });
}
/**
 * A batch every FLUSH_MS at most: each message to the main thread has a fixed cost on both sides, and at
 * 30,000 robot messages a second one per turn of this loop (hundreds of small batches) cost more than the
 * records in them. Each batch also wakes the main thread (a postMessage alone costs this thread 30–50 µs on a
 * busy 2-core host): 20 ms instead of 10 took 13 % off the server's CPU a message at 10,000 robots (both threads
 * about −1.5 µs; docs/performance.md, session 32), for 5 ms more delay on average; 40 ms gained nothing more.
 */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(flush, FLUSH_MS);
}

/** How long this thread's loop keeps messages waiting: a second at a time, for the main thread's /metrics. */
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
setInterval(() => {
  post({ t: 'lag', p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 });
  lag.reset();
}, 1000).unref();

let nextLogin = 1;
const logins = new Map<number, { resolve(r: BrokerLogin | null): void; reject(e: Error): void }>();
/** Robot and peripheral logins are checked against the registrations in the database, which the main thread holds. */
function checkLogin(username: string, password: Buffer): Promise<BrokerLogin | null> {
  const ref = nextLogin++;
  return new Promise((resolve, reject) => {
    logins.set(ref, { resolve, reject });
    post({ t: 'login', ref, username, password: new Uint8Array(password) });
  });
}

let bus: FleetBus | null = null;
let broker: EmbeddedBroker | null = null;
let bridge: net.Server | null = null;

main.on('message', (m: ToThread) => {
  switch (m.t) {
    case 'register':
      routes.set(m.robot);
      writer.forget(m.robot.slot);
      return;
    case 'unregister':
      writer.forget(routes.slotOf(m.id));
      routes.delete(m.id);
      return;
    case 'login-result': {
      const waiting = logins.get(m.ref);
      logins.delete(m.ref);
      if (m.failed !== null) waiting?.reject(new Error(m.failed));
      else waiting?.resolve(m.robot);
      return;
    }
    case 'publish':
      if (!bus) return post({ t: 'published', ref: m.ref, error: 'the broker is not running' });
      bus.publish(m.topic, m.payload, { qos: m.qos, retain: m.retain }).then(
        () => post({ t: 'published', ref: m.ref, error: null }),
        (err: unknown) => post({ t: 'published', ref: m.ref, error: String(err) }),
      );
      return;
    case 'disconnect':
      broker?.disconnect(m.manufacturer, m.serialNumber);
      return;
    case 'disconnect-peripheral':
      broker?.disconnectPeripheral(m.kind, m.id);
      return;
    case 'close':
      void close();
      return;
  }
});

async function close(): Promise<void> {
  try {
    await bus?.close();
    await broker?.close();
    await new Promise<void>((resolve) => (bridge ? bridge.close(() => resolve()) : resolve()));
  } catch (err) {
    log.error({ err }, 'telemetry thread: closing the broker failed');
  }
  flush();
  post({ t: 'closed' });
}

/** A loopback door into the embedded broker: the main thread pipes MQTT over WebSocket (/mqtt) through it. */
function listenLoopback(b: EmbeddedBroker): Promise<net.Server> {
  const server = net.createServer({ noDelay: true }, (socket) => b.aedes.handle(socket));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

try {
  const ingest = new FleetIngest(
    routes,
    writer,
    init.prefix,
    { accepted: (kind) => counts.add('accepted', kind), dropped: (reason) => counts.add('dropped', reason) },
    log,
  );
  if (init.mqtt.url) {
    bus = await externalBus({
      url: init.mqtt.url,
      prefix: init.prefix,
      username: init.mqtt.username,
      password: init.mqtt.password,
      shared: false,
      peripheralPrefixes: Object.values(init.peripheralPrefixes),
    });
  } else {
    broker = await startEmbeddedBroker({
      port: init.mqtt.port,
      host: init.mqtt.host,
      prefix: init.prefix,
      peripheralPrefixes: init.peripheralPrefixes,
      checkLogin,
      extraLogin:
        init.mqtt.bench &&
        benchBrokerLogin(init.mqtt.bench, init.prefix, init.peripheralPrefixes.devices, (topic) =>
          ingest.isRobotTelemetry(topic),
        ),
      refused: (reason) => {
        counts.add('refused', reason);
        schedule();
      },
      log,
    });
    bridge = await listenLoopback(broker);
    bus = embeddedBus(
      broker.aedes,
      init.prefix,
      PERIPHERAL_KINDS.map((k) => init.peripheralPrefixes[k]),
      broker.router,
    );
  }
  await bus.listen((topic, payload) => {
    const kind = peripheralKindOf(init.peripheralPrefixes, topic);
    if (kind) {
      // Peripherals are few and slow: their messages go to the main thread's links as they come, cut short past
      // the largest their kind may send (the link refuses those by their length).
      const bytes = payload.subarray(0, PERIPHERAL_RULES[kind].maxBytes + 1);
      post({ t: 'peripheral', kind, topic, payload: new Uint8Array(bytes) });
      return;
    }
    ingest.handle(topic, payload);
    schedule();
  });
  const bridgeAddress = bridge?.address();
  post({
    t: 'ready',
    port: broker?.port ?? null,
    bridgePort: bridgeAddress && typeof bridgeAddress === 'object' ? bridgeAddress.port : null,
  });
} catch (err) {
  post({
    t: 'failed',
    portTaken: err instanceof BrokerPortError,
    message: err instanceof Error ? err.message : String(err),
  });
}
