import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type robotStateSamples, robotTasks } from '../../db/schema/index.js';
import type { LiveStore } from '../live-store.js';
import { insertSamples } from './insert-samples.js';
import { TaskLedger } from './task-ledger.js';

/** A robot that changes nothing worth noting still gets a sample this often. */
export const SAMPLE_EVERY_MS = 10_000;
const FLUSH_MS = 1000;
/** Samples per INSERT: one statement for a flush of 10,000 robots, without unbounded statements. */
const CHUNK = 5000;

type Sample = typeof robotStateSamples.$inferInsert;
type Task = typeof robotTasks.$inferInsert;

/**
 * Writes the fleet's history as it happens: state samples and finished tasks are buffered and written once
 * a second in a few multi-row inserts, so thousands of robots cost a handful of statements.
 */
export class HistoryRecorder {
  private samples: Sample[] = [];
  private tasks: Task[] = [];
  private readonly lastSampleAt = new Map<string, number>();
  private readonly ledger = new TaskLedger();
  private readonly stop: () => void;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    store: LiveStore,
    private readonly reg: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.stop = store.onChange((robot, change) => {
      const live = store.facts(robot.id);
      if (!live) return;
      const t = this.now();
      const important = change.status || change.connection || change.errors || change.order;
      if (important || t - (this.lastSampleAt.get(robot.id) ?? 0) >= SAMPLE_EVERY_MS) {
        this.lastSampleAt.set(robot.id, t);
        this.samples.push({
          companyId: robot.companyId,
          robotId: robot.id,
          at: new Date(t),
          status: live.status,
          connection: live.connection,
          mapId: live.position?.mapId ?? null,
          x: live.position?.x ?? null,
          y: live.position?.y ?? null,
          theta: live.position?.theta ?? null,
          battery: live.battery,
          charging: live.charging,
          orderId: live.orderId,
          errorCount: live.errors.length,
        });
      }
      const finished = this.ledger.observe(robot.id, live, t);
      if (finished) {
        this.tasks.push({
          companyId: robot.companyId,
          robotId: robot.id,
          orderId: finished.orderId,
          startedAt: new Date(finished.startedAt),
          endedAt: new Date(finished.endedAt),
          result: finished.result,
          distanceM: finished.distanceM,
        });
      }
    });
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Writes what is buffered; one flush at a time, so rows are never written twice or out of order. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    this.stop();
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    const samples = this.samples;
    const tasks = this.tasks;
    this.samples = [];
    this.tasks = [];
    try {
      for (let i = 0; i < samples.length; i += CHUNK) {
        await insertSamples(this.reg, samples.slice(i, i + CHUNK));
      }
      if (tasks.length) await this.reg.insert(robotTasks).values(tasks);
    } catch (err) {
      // History is best effort when the database is away; live state and commands go on regardless.
      this.log.error({ err, samples: samples.length, tasks: tasks.length }, 'fleet history not written');
    }
  }
}
