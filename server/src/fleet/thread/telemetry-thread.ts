import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { BrokerPortError } from '../embedded-broker.js';
import type { IngestSink } from '../ingest.js';
import type { PeripheralKind } from '../peripherals.js';
import type { BrokerLogin } from '../robot-credentials.js';
import { applyRecords } from './telemetry-records.js';
import type {
  FromThread,
  RobotAddress,
  RobotRoute,
  ThreadCounts,
  ThreadInit,
  ToThread,
} from './thread-messages.js';

/** After a crash the thread is started again after this long, doubling up to a minute while it keeps failing. */
/**
 * The thread's entry: run from source (tsx), a boot file that registers tsx first; run from the bundle `npm start`
 * builds (dist/main.mjs), the thread's own bundle beside it.
 */
const THREAD_ENTRY = import.meta.url.endsWith('.ts')
  ? new URL('./telemetry-boot.mjs', import.meta.url)
  : new URL('./telemetry-worker.mjs', import.meta.url);
const RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 60_000;
/** How long closing waits for the thread to close its broker before stopping it. */
const CLOSE_WITHIN_MS = 5000;

export interface TelemetryThreadOptions {
  init: Omit<ThreadInit, 'robots'>;
  /** The registered robots, read at every start of the thread. */
  robots(): RobotAddress[];
  /** Where the thread's batches go: the live store. */
  sink: IngestSink;
  checkLogin(username: string, password: Buffer): Promise<BrokerLogin | null>;
  /** Where peripherals' messages go (the lift link, the device link). */
  peripheralMessage(kind: PeripheralKind, topic: string, payload: Buffer): void;
  counted(counts: ThreadCounts): void;
  /** The thread's event-loop delay over its last second (ms), and each restart after a failure. */
  health?: { lag(p99: number, max: number): void; restarted(): void };
  log: FastifyBaseLogger;
}

interface Pending {
  resolve(): void;
  reject(err: Error): void;
}

/**
 * The broker and the ingest in a worker thread of their own. At 30,000 messages a second, reading MQTT
 * packets and parsing JSON took half of the main thread, whose event loop also serves the API and the live
 * view: an operator's call waited seconds behind them. The main thread now gets a batch of checked, reduced
 * messages every 20 ms and applies it to the live store.
 *
 * Commands go the other way (`publish`), robot logins are checked by the main thread (it holds the database),
 * and MQTT over WebSocket is piped to the thread's loopback port. A thread that dies is started again, on the
 * same port, with the robots registered by then.
 */
export class TelemetryThread {
  /** The embedded broker's port (null with an external broker). */
  port: number | null = null;
  /** The embedded broker's loopback port for MQTT over WebSocket. */
  bridgePort: number | null = null;
  private worker: Worker | null = null;
  /**
   * Robots are numbers in the thread's batches. A slot is never given to another robot, so a batch still on
   * its way when a robot is removed cannot be taken for another one's.
   */
  private readonly slotById = new Map<string, number>();
  private readonly idBySlot: string[] = [];
  private readonly published = new Map<number, Pending>();
  private nextRef = 1;
  private closing = false;
  private restartDelay = RESTART_DELAY_MS;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: TelemetryThreadOptions) {}

  /**
   * Starts the thread with the robots registered now; `register` and `unregister` keep it in step from this
   * call on, so follow the registrations before calling it.
   */
  start(): Promise<void> {
    return this.spawn(this.opts.init.mqtt.port);
  }

  /** The running worker, for diagnostics and tests. */
  get current(): Worker | null {
    return this.worker;
  }

  register(robot: RobotAddress): void {
    this.send({ t: 'register', robot: this.route(robot) });
  }

  unregister(id: string): void {
    this.send({ t: 'unregister', id });
  }

  /** Closes the connections of a robot (its registration was removed or its password renewed). */
  disconnect(manufacturer: string, serialNumber: string): void {
    this.send({ t: 'disconnect', manufacturer, serialNumber });
  }

  /** Closes the connections of a peripheral whose registration was removed or whose password was renewed. */
  disconnectPeripheral(kind: PeripheralKind, id: string): void {
    this.send({ t: 'disconnect-peripheral', kind, id });
  }

  publish(topic: string, payload: string, opts: { qos: 0 | 1; retain?: boolean }): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.worker) return reject(new Error('the telemetry thread is not running'));
      const ref = this.nextRef++;
      this.published.set(ref, { resolve, reject });
      this.send({ t: 'publish', ref, topic, payload, qos: opts.qos, retain: opts.retain ?? false });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    let timer: NodeJS.Timeout | undefined;
    const closed = new Promise<void>((resolve) => {
      worker.on('message', (m: FromThread) => m.t === 'closed' && resolve());
      worker.once('exit', () => resolve());
      // A thread that does not answer is not waited for: shutting down must end.
      timer = setTimeout(resolve, CLOSE_WITHIN_MS);
    });
    this.send({ t: 'close' });
    await closed;
    clearTimeout(timer);
    await worker.terminate();
    this.worker = null;
  }

  private send(m: ToThread): void {
    if (this.worker) reply(this.worker, m);
  }

  private spawn(port: number): Promise<void> {
    const init: ThreadInit = {
      ...this.opts.init,
      mqtt: { ...this.opts.init.mqtt, port },
      robots: this.opts.robots().map((r) => this.route(r)),
    };
    const worker = new Worker(THREAD_ENTRY, {
      workerData: init,
      name: 'telemetry',
    });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (m: FromThread) => {
        if (m.t === 'ready') {
          ready = true;
          this.port = m.port;
          this.bridgePort = m.bridgePort;
          this.restartDelay = RESTART_DELAY_MS;
          resolve();
        } else if (m.t === 'failed') {
          reject(m.portTaken ? new BrokerPortError(m.message) : new Error(m.message));
        } else {
          this.receive(worker, m);
        }
      });
      worker.on('error', (err) => {
        if (!ready) reject(err);
        else this.opts.log.error({ err }, 'telemetry thread failed');
      });
      worker.on('exit', (code) => {
        if (this.worker === worker) {
          this.worker = null;
          // Its loopback door is gone with it; the next thread opens its own when ready.
          this.bridgePort = null;
        }
        this.failPublished();
        if (!ready) {
          reject(new Error(`the telemetry thread stopped before it was ready (exit code ${code})`));
        } else if (!this.closing) {
          this.opts.log.error({ code }, 'telemetry thread stopped: starting it again');
          this.opts.health?.restarted();
          this.scheduleRestart();
        }
      });
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
  }

  private route(robot: RobotAddress): RobotRoute {
    let slot = this.slotById.get(robot.id);
    if (slot === undefined) {
      slot = this.idBySlot.push(robot.id) - 1;
      this.slotById.set(robot.id, slot);
    }
    return { ...robot, slot };
  }

  private scheduleRestart(): void {
    const delay = this.restartDelay;
    this.restartDelay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.closing) return;
      this.spawn(this.port ?? this.opts.init.mqtt.port).then(
        () => this.opts.log.info({ port: this.port }, 'telemetry thread started again'),
        (err: unknown) => {
          this.opts.log.error({ err }, 'telemetry thread could not be started again');
          if (!this.closing) this.scheduleRestart();
        },
      );
    }, delay);
    this.restartTimer.unref();
  }

  private failPublished(): void {
    for (const p of this.published.values()) p.reject(new Error('the telemetry thread stopped'));
    this.published.clear();
  }

  private receive(worker: Worker, m: FromThread): void {
    switch (m.t) {
      case 'records':
        try {
          applyRecords(this.opts.sink, m.batch, (slot) => this.idBySlot[slot]);
        } catch (err) {
          this.opts.log.error({ err }, 'telemetry batch could not be applied');
        }
        if (m.counts) this.opts.counted(m.counts);
        return;
      case 'published': {
        const p = this.published.get(m.ref);
        this.published.delete(m.ref);
        if (m.error === null) p?.resolve();
        else p?.reject(new Error(m.error));
        return;
      }
      case 'login':
        // The thread logs a failure with the robot's connection; it gets the reason.
        this.opts.checkLogin(m.username, Buffer.from(m.password)).then(
          (robot) => reply(worker, { t: 'login-result', ref: m.ref, robot, failed: null }),
          (err: unknown) =>
            reply(worker, { t: 'login-result', ref: m.ref, robot: null, failed: String(err) }),
        );
        return;
      case 'peripheral':
        try {
          this.opts.peripheralMessage(
            m.kind,
            m.topic,
            Buffer.from(m.payload.buffer, m.payload.byteOffset, m.payload.byteLength),
          );
        } catch (err) {
          this.opts.log.error({ err, topic: m.topic }, `${m.kind} message could not be handled`);
        }
        return;
      case 'log':
        this.opts.log[m.level](m.obj, m.msg);
        return;
      case 'lag':
        this.opts.health?.lag(m.p99, m.max);
        return;
      default:
        return;
    }
  }
}

const reply = (worker: Worker, m: ToThread) => worker.postMessage(m);
