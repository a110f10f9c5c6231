import type { TaskType } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { ALONE, type FleetOwnership, REGISTRY_TIMINGS } from '../instances/instance-registry.js';
import type { LiveStore, RobotIdentity } from '../live-store.js';
import { ErrorLedger } from './error-ledger.js';
import { type FleetEvent, type FleetEventListener, MomentLedger } from './fleet-events.js';
import { HistoryRows } from './history-rows.js';
import { closeOpenErrors, type IntervalRow } from './insert-facts.js';
import { StateLedger, type StatePiece } from './state-ledger.js';
import { type FinishedTask, TaskLedger } from './task-ledger.js';
import { HANDOVER_LOCK, ONCE, PLAIN, writeRows } from './write-rows.js';

/** A robot that changes nothing worth noting still gets a sample this often. */
export const SAMPLE_EVERY_MS = 10_000;
const FLUSH_MS = 1000;
/**
 * How long rows of the robots this instance stands in for are kept: longer than their owner may go unseen before
 * the others take its robots, plus a beat and a write. A killed owner wrote nothing of its last seconds.
 */
export const STAND_IN_MS = REGISTRY_TIMINGS.aliveMs + 2 * REGISTRY_TIMINGS.beatMs + 2 * FLUSH_MS;
/** After the instances change, writes leave out what the robots' previous owners already wrote, this long. */
const HANDOVER_MS = 3000;

/** What the ledgers learn from a command or a lift ride rather than from the robot's messages. */
export type HistoryNote =
  | { kind: 'origin'; reference: string; type: TaskType }
  | { kind: 'intervention'; robotId: string }
  | { kind: 'ride'; robotId: string; rideId: string; finished: boolean; waitS: number };

/** Which robots this instance writes, which it stands in for, and when that changes. */
export type HistoryShare = Pick<FleetOwnership, 'owns' | 'standsIn' | 'shared' | 'onChange'>;

/** A robot as the recorder last heard it: its company and building, and when its last sample was taken (ms). */
interface Owner {
  companyId: string;
  buildingId: string | null;
  sampledAt: number;
}

/**
 * Writes the fleet's history as it happens: state samples for the robot's chart, and the analysis facts (tasks,
 * state intervals, error events). Everything is buffered and written once a second in a few multi-row
 * inserts, so thousands of robots cost a handful of statements.
 */
export class HistoryRecorder {
  /** Rows of the robots this instance owns, written every second. */
  private readonly pending = new HistoryRows();
  /**
   * Rows of the robots whose owner this instance succeeds, kept STAND_IN_MS: if the owner dies, it wrote nothing of
   * its last seconds, and this instance, which takes its robots, writes them (leaving out what it did write).
   */
  private readonly standIn = new HistoryRows();
  /** Until when writes leave out rows another instance wrote (the robots just changed hands). */
  private handoverUntil = 0;
  private readonly stopSharing: () => void;
  private tellOthers: ((note: HistoryNote) => void) | null = null;
  private readonly owners = new Map<string, Owner>();
  private readonly ledger = new TaskLedger();
  private readonly states = new StateLedger();
  private readonly errorLedger = new ErrorLedger();
  private readonly moments = new MomentLedger();
  private readonly eventListeners = new Set<FleetEventListener>();
  private readonly stop: () => void;
  private readonly stopForgetting: () => void;
  private readonly stopMoving: () => void;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    store: LiveStore,
    private readonly reg: Db,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    /**
     * Which robots' history this instance writes and whose events it tells (instances/instance-registry.ts).
     * Every instance follows every robot in its ledgers all the same, so one that takes a robot over knows the
     * task it is on and the errors it has.
     */
    private readonly share: HistoryShare = ALONE,
    /** Alone, errors a previous run left open end as this one starts; among others, they may be theirs. */
    alone = true,
  ) {
    // Errors a previous run left open cannot be followed any more: they end as this run starts.
    if (alone)
      this.flushing = closeOpenErrors(reg, new Date(this.now())).catch((err: unknown) =>
        log.error({ err }, 'open robot errors not closed'),
      );
    this.stop = store.onChange((robot, change) => {
      const live = store.facts(robot.id);
      if (!live) return;
      const t = this.now();
      const owner = this.ownerOf(robot);
      const important = change.status || change.connection || change.errors || change.order;
      const due = important || t - owner.sampledAt >= SAMPLE_EVERY_MS;
      const rows = due ? this.rowsOf(robot.id) : null;
      if (rows) {
        owner.sampledAt = t;
        rows.samples.push({
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
      if (change.status || change.errors) {
        const piece = this.states.observe(robot.id, live.status, live.errors, t);
        if (piece) this.addPiece(piece);
      }
      if (change.errors) this.addErrors(robot.id, owner, live.errors, t);
      const finished = this.ledger.observe(robot.id, live, t);
      if (finished) this.addTask(robot.id, finished);
      if (this.eventListeners.size) this.tellMoments(robot.id, owner, live, change.connection, t);
    });
    // A robot that only moved: the task it is on goes further (nothing else of the history follows motion).
    this.stopMoving = store.onMotion((robot, facts) => this.ledger.moved(robot.id, facts.position));
    this.stopForgetting = store.onRegistration((robot, registered) => {
      if (!registered) this.moments.forget(robot.id);
    });
    // An instance joining others takes robots they may still write for a second.
    if (share.shared) this.handoverUntil = this.now() + HANDOVER_MS;
    this.stopSharing = share.onChange((ownedBefore) => this.handOver(ownedBefore));
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /**
   * The robot as last heard (one lookup for a state a second per robot, in a map as large as the fleet): a new
   * one only when its company or building changed.
   */
  private ownerOf(robot: RobotIdentity): Owner {
    const known = this.owners.get(robot.id);
    if (known && known.companyId === robot.companyId && known.buildingId === robot.buildingId) return known;
    const owner = {
      companyId: robot.companyId,
      buildingId: robot.buildingId,
      sampledAt: known?.sampledAt ?? 0,
    };
    this.owners.set(robot.id, owner);
    return owner;
  }

  /** Where the robot's rows go: the owner's, the stand-in's, or nowhere (another instance's robot). */
  private rowsOf(robotId: string): HistoryRows | null {
    if (this.share.owns(robotId)) return this.pending;
    return this.share.standsIn(robotId) ? this.standIn : null;
  }

  /**
   * The instances changed. A robot this instance lost or gained has its state piece cut now and written by it:
   * the one who lost it writes up to now, the one who gained it from its last change (clipped to what the other
   * wrote, insert-once.ts), so no time is lost or counted twice. The robots it stood in for and now owns bring the
   * rows it kept (their owner stopped or died without writing them). For a while writes leave out what the
   * previous owners wrote.
   */
  private handOver(ownedBefore: (robotId: string) => boolean): void {
    const now = this.now();
    this.handoverUntil = now + HANDOVER_MS;
    for (const piece of this.states.cutWhere((id) => ownedBefore(id) !== this.share.owns(id), now)) {
      const owner = this.owners.get(piece.robotId);
      if (owner) this.pending.intervals.push(intervalRow(piece, owner));
    }
    const taken = this.standIn.takeRobots((id) => this.share.owns(id));
    // Events the gone owner may not have told (FLEET-EVENTS-HANDOVER): told again, marked so.
    for (const event of taken.events.splice(0))
      for (const l of this.eventListeners) l({ ...event, retold: true });
    this.pending.append(taken);
    this.standIn.takeRobots((id) => !this.share.standsIn(id));
  }

  /** The order (or ride) `reference` was sent as a delivery or answers a mini device's call. */
  noteOrigin(reference: string, type: TaskType): void {
    this.hear({ kind: 'origin', reference, type });
    this.tellOthers?.({ kind: 'origin', reference, type });
  }

  /** An operator sent the robot a command: an intervention in the task it is on. */
  noteIntervention(robotId: string): void {
    this.hear({ kind: 'intervention', robotId });
    this.tellOthers?.({ kind: 'intervention', robotId });
  }

  /** A lift ride ended: the task its legs made ends with it, with the ride and the wait for the car. */
  endRide(robotId: string, rideId: string, finished: boolean, waitS: number): void {
    this.hear({ kind: 'ride', robotId, rideId, finished, waitS });
    this.tellOthers?.({ kind: 'ride', robotId, rideId, finished, waitS });
  }

  /**
   * Among several instances, the notes above are made by the one that sent the command or ran the ride, and the
   * robot's task may be another's to write: each note is told to the others (history-notes.ts), which hear it here.
   */
  shareNotes(tell: (note: HistoryNote) => void): void {
    this.tellOthers = tell;
  }

  /** A note made here or by another instance: every instance's ledgers follow every robot alike. */
  hear(note: HistoryNote): void {
    if (note.kind === 'origin') this.ledger.noteOrigin(note.reference, note.type);
    else if (note.kind === 'intervention') this.ledger.noteIntervention(note.robotId);
    else {
      const task = this.ledger.endJourney(
        note.robotId,
        `ride-${note.rideId}`,
        note.finished,
        note.waitS,
        this.now(),
      );
      if (task) this.addTask(note.robotId, task);
    }
  }

  /** Writes what is buffered; one flush at a time, so rows are never written twice or out of order. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /**
   * Hears what happens to robots as it is recorded: online and offline, errors raised and cleared, low battery,
   * finished tasks (the webhooks' robot events). Told synchronously: a listener must only queue.
   */
  onEvent(listener: FleetEventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.stop();
    this.stopForgetting();
    this.stopMoving();
    this.stopSharing();
    clearInterval(this.timer);
    for (const piece of this.states.closeAll(this.now())) this.addPiece(piece);
    await this.flush();
  }

  private addPiece(p: StatePiece): void {
    const owner = this.owners.get(p.robotId);
    const rows = owner && this.rowsOf(p.robotId);
    if (!owner || !rows) return;
    rows.intervals.push(intervalRow(p, owner));
  }

  private addErrors(
    robotId: string,
    owner: Owner,
    errors: Parameters<ErrorLedger['observe']>[1],
    t: number,
  ): void {
    const { opened, closed } = this.errorLedger.observe(robotId, errors, t);
    const rows = this.rowsOf(robotId);
    if (!rows) return;
    for (const o of opened) {
      rows.openError(o.id, {
        id: o.id,
        companyId: owner.companyId,
        robotId,
        buildingId: owner.buildingId,
        code: o.code,
        level: o.level,
        description: o.description,
        startedAt: new Date(o.startedAt),
        endedAt: null,
      });
    }
    for (const c of closed) rows.closeError(c.id, { robotId, code: c.code, endedAt: new Date(c.endedAt) });
    for (const o of opened)
      this.tell('robot.error.raised', robotId, owner, t, {
        code: o.code,
        level: o.level,
        description: o.description,
      });
    for (const c of closed) this.tell('robot.error.cleared', robotId, owner, t, { code: c.code });
  }

  private tellMoments(
    robotId: string,
    owner: Owner,
    live: { connection: string | null; battery: number | null; charging: boolean },
    connectionChanged: boolean,
    t: number,
  ): void {
    const moment = connectionChanged ? this.moments.connection(robotId, live.connection) : null;
    const battery = this.moments.battery(robotId, live.battery, live.charging);
    if (moment) this.tell(moment, robotId, owner, t, { connection: live.connection });
    if (battery) this.tell('robot.battery.low', robotId, owner, t, { battery: live.battery });
  }

  private tell(
    type: FleetEvent['type'],
    robotId: string,
    owner: Owner,
    at: number,
    data: Record<string, unknown>,
  ): void {
    if (!this.eventListeners.size) return;
    const event: FleetEvent = {
      type,
      companyId: owner.companyId,
      robotId,
      buildingId: owner.buildingId,
      at,
      data,
    };
    // The owner tells at once; its successor keeps the event a few seconds, told if the owner goes without.
    if (this.share.owns(robotId)) for (const l of this.eventListeners) l(event);
    else if (this.share.standsIn(robotId)) this.standIn.events.push(event);
  }

  private addTask(robotId: string, f: FinishedTask): void {
    const owner = this.owners.get(robotId);
    const rows = owner && this.rowsOf(robotId);
    if (!owner || !rows) return;
    rows.tasks.push({
      companyId: owner.companyId,
      robotId,
      buildingId: owner.buildingId,
      orderId: f.orderId,
      type: f.type,
      startedAt: new Date(f.startedAt),
      endedAt: new Date(f.endedAt),
      result: f.result,
      distanceM: f.distanceM,
      mapIds: f.mapIds,
      liftRides: f.liftRides,
      liftWaitS: f.liftWaitS,
      interventions: f.interventions,
      errorCodes: f.errorCodes,
      plannedAreaM2: f.plannedAreaM2,
      cleanedAreaM2: f.cleanedAreaM2,
    });
    this.tell('task.finished', robotId, owner, f.endedAt, {
      orderId: f.orderId,
      type: f.type,
      result: f.result,
      startedAt: new Date(f.startedAt).toISOString(),
      endedAt: new Date(f.endedAt).toISOString(),
      distanceM: f.distanceM,
      errorCodes: f.errorCodes,
    });
  }

  private async write(): Promise<void> {
    const now = this.now();
    for (const piece of this.states.cut(now)) this.addPiece(piece);
    this.standIn.prune(new Date(now - STAND_IN_MS));
    const rows = this.pending.take();
    // Right after the robots changed hands, rows another instance wrote too are left out (insert-once.ts).
    const once = now < this.handoverUntil;
    try {
      if (once) {
        // One instance's handover write at a time: two writing the same moments at once would each miss the
        // other's rows.
        await this.reg.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${HANDOVER_LOCK})`);
          await writeRows(tx, rows, ONCE);
        });
      } else await writeRows(this.reg, rows, PLAIN);
    } catch (err) {
      // History is best effort when the database is away; live state and commands go on regardless.
      this.log.error(
        {
          err,
          samples: rows.samples.length,
          tasks: rows.tasks.length,
          intervals: rows.intervals.length,
        },
        'fleet history not written',
      );
    }
  }
}

function intervalRow(p: StatePiece, owner: Owner): IntervalRow {
  return {
    companyId: owner.companyId,
    robotId: p.robotId,
    buildingId: owner.buildingId,
    state: p.state,
    startedAt: new Date(p.startedAt),
    endedAt: new Date(p.endedAt),
    errorCodes: p.errorCodes,
  };
}
