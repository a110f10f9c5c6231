import { addDays, daysBetween, localDateOf, localDay } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { factsOfRobots, factsRecordedBetween } from '../../../fleet/history/facts-repo.js';
import { LoopSlicer } from '../../../loop-slicer.js';
import { buildingZones } from '../../buildings/repo.js';
import { type RosterRobot, robotRoster } from '../../robots/repo.js';
import { CompanySettings } from '../settings/resolve-settings.js';
import { settingsOfCompanies } from '../settings/settings-repo.js';
import { buildDay, type IntervalFact } from './build-day.js';
import { InstantIndex, PieceIndex } from './facts-by-day.js';
import {
  builtState,
  dropQueued,
  type ErrorDayRow,
  type QueuedDay,
  queueDays,
  type RobotDayRow,
  readMark,
  type TakenDay,
  takeQueued,
  writeDays,
  writeMark,
} from './rollup-repo.js';

/** Robot days built per batch: a few hundred rows read and written per statement. */
const BATCH = 250;
/** A pass stops after this many batches (a year of a thousand robots takes several passes). */
const BATCHES_PER_PASS = 400;
/** Facts written within this of now may still be in transactions not yet visible: read them next time. */
export const SETTLE_MS = 2000;
/** Today's row is brought up to now at least this often, even for a robot that says nothing. */
const TODAY_EVERY_MS = 5 * 60_000;
/** How far back a robot's first roll-up reaches when it has none (its registration, at most this long ago). */
const FIRST_DAYS_MAX = 400;

export interface RobotPlace extends RosterRobot {
  timeZone: string;
}

/** Every robot with the zone its days are counted in (its building's, or UTC for a robot in none). */
export async function robotPlaces(db: Db, by?: Parameters<typeof robotRoster>[1]): Promise<RobotPlace[]> {
  const roster = await robotRoster(db, by);
  const zones = await buildingZones(
    db,
    roster.flatMap((r) => (r.buildingId ? [r.buildingId] : [])),
  );
  return roster.map((r) => ({
    ...r,
    timeZone: (r.buildingId ? zones.get(r.buildingId)?.timeZone : undefined) ?? 'UTC',
  }));
}

/**
 * Keeps the per-robot-day roll-ups in step with the facts: it queues the days new facts touched (late ones
 * included), days that ended since they were built, and today's rows every few minutes, then builds the queue
 * in batches. Settings changes and recomputes queue their days the same way.
 */
export class RollupWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** The pass after the one under way, for callers that came meanwhile. */
  private next: Promise<number> | null = null;
  /** Runs after each timed pass: reports and alerts read the figures just built. */
  afterPass: (() => Promise<unknown>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    /** Tests that write and then read in one flow wait for nothing (0). */
    private readonly settleMs = SETTLE_MS,
  ) {}

  start(everyMs: number): void {
    const pass = async () => {
      await this.run();
      await this.afterPass?.().catch((err: unknown) => this.log.error({ err }, 'analysis reports not sent'));
    };
    this.timer = setInterval(() => void pass(), everyMs);
    this.timer.unref();
    void pass();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
    await this.next?.catch(() => 0);
  }

  /**
   * One pass that starts after this call: queue what changed, build the queue. Answers the robot days built. A pass
   * under way may have read what changed before the caller wrote: the caller gets the next one, shared by every
   * caller meanwhile.
   */
  run(): Promise<number> {
    if (!this.running) {
      this.running = this.pass()
        .catch((err: unknown) => {
          this.log.error({ err }, 'analysis roll-up failed; it will try again');
          return 0;
        })
        .finally(() => {
          this.running = null;
        });
      return this.running;
    }
    this.next ??= this.running.then(() => {
      this.next = null;
      return this.run();
    });
    return this.next;
  }

  /** Queues the days from `from` (each robot's own calendar) to today of a company's robots, or some of them. */
  async queueFrom(companyId: string, from: string, robotIds?: readonly string[]): Promise<number> {
    const places = await robotPlaces(this.db, { companyIds: [companyId], ...(robotIds ? { robotIds } : {}) });
    const rows: QueuedDay[] = [];
    for (const r of places) {
      const first = maxDate(from, localDateOf(r.createdAt.getTime(), r.timeZone));
      const today = localDateOf(this.now(), r.timeZone);
      for (let d = first; d <= today; d = addDays(d, 1)) rows.push({ robotId: r.id, companyId, day: d });
    }
    await queueDays(this.db, rows);
    return rows.length;
  }

  private async pass(): Promise<number> {
    const now = this.now();
    const places = await robotPlaces(this.db);
    const byId = new Map(places.map((p) => [p.id, p]));
    await this.queueNews(byId, now);
    await this.queueCoverage(places, now);
    let built = 0;
    for (let i = 0; i < BATCHES_PER_PASS; i++) {
      const taken = await takeQueued(this.db, BATCH);
      if (!taken.length) break;
      built += await this.build(taken, byId, now);
      await dropQueued(this.db, taken);
    }
    return built;
  }

  private async queueNews(byId: Map<string, RobotPlace>, now: number): Promise<void> {
    const after = await readMark(this.db);
    const upTo = new Date(now - this.settleMs);
    if (upTo <= after) return;
    const rows = new Map<string, QueuedDay>();
    const slicer = new LoopSlicer();
    for (const f of await factsRecordedBetween(this.db, after, upTo)) {
      if (slicer.due()) await slicer.giveWay();
      const robot = byId.get(f.robotId);
      if (!robot) continue;
      const first = localDateOf(f.from.getTime(), robot.timeZone);
      // A piece ending exactly at midnight does not touch the next day.
      const last = localDateOf(Math.max(f.from.getTime(), f.to.getTime() - 1), robot.timeZone);
      for (let d = first; d <= last; d = addDays(d, 1)) {
        rows.set(`${robot.id}|${d}`, { robotId: robot.id, companyId: robot.companyId, day: d });
      }
    }
    await queueDays(this.db, [...rows.values()]);
    await writeMark(this.db, upTo);
  }

  /** Days never built (a new robot, days without facts), days that ended unfinished, and stale todays. */
  private async queueCoverage(places: readonly RobotPlace[], now: number): Promise<void> {
    const { last, open } = await builtState(this.db);
    const lastOf = new Map(last.map((l) => [l.robotId, l.day]));
    const rows: QueuedDay[] = [];
    for (const r of places) {
      const today = localDateOf(now, r.timeZone);
      const registered = localDateOf(r.createdAt.getTime(), r.timeZone);
      const built = lastOf.get(r.id);
      let first = built ? addDays(built, 1) : registered;
      if (daysBetween(first, today) > FIRST_DAYS_MAX) first = addDays(today, -FIRST_DAYS_MAX);
      for (let d = first; d <= today; d = addDays(d, 1))
        rows.push({ robotId: r.id, companyId: r.companyId, day: d });
    }
    const zoneOf = new Map(places.map((p) => [p.id, p]));
    for (const o of open) {
      const r = zoneOf.get(o.robotId);
      if (!r) continue;
      const ended = localDay(o.day, r.timeZone).end <= now;
      if (ended || now - o.builtAt.getTime() >= TODAY_EVERY_MS) {
        rows.push({ robotId: r.id, companyId: r.companyId, day: o.day });
      }
    }
    await queueDays(this.db, rows);
  }

  private async build(
    taken: readonly TakenDay[],
    byId: Map<string, RobotPlace>,
    now: number,
  ): Promise<number> {
    const wanted = taken.filter((t) => byId.has(t.robotId));
    if (!wanted.length) return 0;
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    for (const t of wanted) {
      const d = localDay(t.day, (byId.get(t.robotId) as RobotPlace).timeZone);
      from = Math.min(from, d.start);
      to = Math.max(to, d.end);
    }
    const robotIds = [...new Set(wanted.map((t) => t.robotId))];
    const facts = await factsOfRobots(this.db, robotIds, new Date(from), new Date(to));
    const settings = new Map(
      [...(await settingsOfCompanies(this.db, [...new Set(wanted.map((t) => t.companyId))])).entries()].map(
        ([id, rows]) => [id, new CompanySettings(rows)],
      ),
    );
    // Per robot, indexed by time: each day takes its own rows, in the order they were read.
    const intervalsOf = new Map(
      [...groupBy(facts.intervals, (f) => f.robotId)].map(([id, rows]) => [
        id,
        new PieceIndex(
          rows,
          (p) => p.startedAt.getTime(),
          (p) => p.endedAt.getTime(),
        ),
      ]),
    );
    const tasksOf = new Map(
      [...groupBy(facts.tasks, (f) => f.robotId)].map(([id, rows]) => [
        id,
        new InstantIndex(rows, (k) => k.endedAt.getTime()),
      ]),
    );
    const errorsOf = new Map(
      [...groupBy(facts.errors, (f) => f.robotId)].map(([id, rows]) => [
        id,
        new InstantIndex(rows, (e) => e.startedAt.getTime()),
      ]),
    );
    const days: RobotDayRow[] = [];
    const errors: ErrorDayRow[] = [];
    // A day of a busy robot is thousands of facts: the batch gives way to the live fleet between days.
    const slicer = new LoopSlicer();
    for (const t of wanted) {
      if (slicer.due()) await slicer.giveWay();
      const robot = byId.get(t.robotId) as RobotPlace;
      const day = localDay(t.day, robot.timeZone);
      const s = settings.get(robot.companyId) ?? new CompanySettings([]);
      const intervals: IntervalFact[] = (
        intervalsOf.get(robot.id)?.overlapping(day.start - 1000, day.end) ?? []
      ).map((p) => ({
        state: p.state,
        startedAt: p.startedAt.getTime(),
        endedAt: p.endedAt.getTime(),
        errorCodes: p.errorCodes,
      }));
      const f = buildDay({
        day,
        knownSince: robot.createdAt.getTime(),
        until: now,
        intervals,
        tasks: (tasksOf.get(robot.id)?.within(day.start, day.end) ?? []).map((k) => ({
          ...k,
          startedAt: k.startedAt.getTime(),
          endedAt: k.endedAt.getTime(),
        })),
        errors: (errorsOf.get(robot.id)?.within(day.start, day.end) ?? []).map((e) => ({
          code: e.code,
          startedAt: e.startedAt.getTime(),
        })),
        calendar: s.calendarOn(robot.buildingId, t.day),
        downtime: s.downtimeOn(t.day),
      });
      const { errorsByCode, ...figures } = f;
      days.push({
        ...figures,
        companyId: robot.companyId,
        robotId: robot.id,
        day: t.day,
        buildingId: robot.buildingId,
        model: robot.model,
        timeZone: robot.timeZone,
        excluded: s.isExcluded(robot.id, robot.buildingId, t.day),
      });
      for (const [code, e] of errorsByCode) {
        errors.push({ companyId: robot.companyId, robotId: robot.id, day: t.day, code, ...e });
      }
    }
    await writeDays(this.db, days, errors);
    return days.length;
  }
}

function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
