import type { TaskType } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { ALONE } from '../instances/instance-registry.js';
import type { LiveStore } from '../live-store.js';
import { errorRow, intervalRow, sampleRow, taskRow } from './build-rows.js';
import { ErrorLedger } from './error-ledger.js';
import { EventTeller } from './event-teller.js';
import type { FleetEventListener } from './fleet-events.js';
import { FLUSH_MS, SAMPLE_EVERY_MS } from './history-timings.js';
import { closeOpenErrors } from './insert-facts.js';
import { type Owner, RobotOwners } from './robot-owners.js';
import { type HistoryShare, RowsByOwner } from './rows-by-owner.js';
import { StateLedger, type StatePiece } from './state-ledger.js';
import { type FinishedTask, TaskLedger } from './task-ledger.js';
import { writeFlush } from './write-rows.js';

/** What the ledgers learn from a command or a lift ride rather than from the robot's messages. */
export type HistoryNote =
  | { kind: 'origin'; reference: string; type: TaskType }
  | { kind: 'intervention'; robotId: string }
  | { kind: 'ride'; robotId: string; rideId: string; finished: boolean; waitS: number };

/**
 * Writes the fleet's history as it happens: state samples for the robot's chart, and the analysis facts (tasks,
 * state intervals, error events). Everything is buffered and written once a second in a few multi-row
 * inserts, so thousands of robots cost a handful of statements.
 */
export class HistoryRecorder {
  private readonly rows: RowsByOwner;
  private readonly events: EventTeller;
  private readonly stopSharing: () => void;
  private tellOthers: ((note: HistoryNote) => void) | null = null;
  private readonly owners = new RobotOwners();
  private readonly ledger = new TaskLedger();
  private readonly states = new StateLedger();
  private readonly errorLedger = new ErrorLedger();
  private readonly stop: () => void;
  private readonly stopForgetting: () => void;
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: LiveStore,
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
    this.rows = new RowsByOwner(share);
    this.events = new EventTeller(share, this.rows.standIn);
    // Errors a previous run left open cannot be followed any more: they end as this run starts.
    if (alone)
      this.flushing = closeOpenErrors(reg, new Date(this.now())).catch((err: unknown) =>
        log.error({ err }, 'open robot errors not closed'),
      );
    this.stop = store.onChange((robot, change, live) => {
      if (change.removed) return;
      const t = this.now();
      const owner = this.owners.of(robot, live.index);
      const important = change.status || change.connection || change.errors || change.order;
      const due = important || t - owner.sampledAt >= SAMPLE_EVERY_MS;
      const rows = due ? this.rows.of(robot.id) : null;
      if (rows) {
        owner.sampledAt = t;
        rows.samples.push(sampleRow(robot, live, t));
      }
      if (change.status || change.errors) {
        const piece = this.states.observe(robot.id, live.status, live.errors, t);
        if (piece) this.addPiece(piece);
      }
      if (change.errors) this.addErrors(robot.id, owner, live.errors, t);
      // The task ledger needs no look at a robot that only moved (its distance is the store's odometer).
      if (change.facts || change.order || change.progress || change.errors) {
        const finished = this.ledger.observe(robot.id, live, t);
        if (finished) this.addTask(robot.id, finished);
      }
      if (this.events.listening) this.events.tellMoments(robot.id, owner, live, change.connection, t);
    });
    this.stopForgetting = store.onRegistration((robot, registered) => {
      if (!registered) this.events.forget(robot.id);
    });
    // An instance joining others takes robots they may still write for a second.
    if (share.shared) this.rows.handingOver(this.now());
    this.stopSharing = share.onChange((ownedBefore) => this.handOver(ownedBefore));
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
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
    this.rows.handingOver(now);
    for (const piece of this.states.cutWhere((id) => ownedBefore(id) !== this.share.owns(id), now)) {
      const owner = this.owners.get(piece.robotId);
      if (owner) this.rows.pending.intervals.push(intervalRow(piece, owner));
    }
    this.rows.takeOver((event) => this.events.retell(event));
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
        this.store.facts(note.robotId)?.travelledM,
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
    return this.events.listen(listener);
  }

  async close(): Promise<void> {
    this.stop();
    this.stopForgetting();
    this.stopSharing();
    clearInterval(this.timer);
    for (const piece of this.states.closeAll(this.now())) this.addPiece(piece);
    await this.flush();
  }

  private addPiece(p: StatePiece): void {
    const owner = this.owners.get(p.robotId);
    const rows = owner && this.rows.of(p.robotId);
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
    const rows = this.rows.of(robotId);
    if (!rows) return;
    for (const o of opened) rows.openError(o.id, errorRow(robotId, owner, o));
    for (const c of closed) rows.closeError(c.id, { robotId, code: c.code, endedAt: new Date(c.endedAt) });
    this.events.tellErrors(robotId, owner, t, opened, closed);
  }

  private addTask(robotId: string, f: FinishedTask): void {
    const owner = this.owners.get(robotId);
    const rows = owner && this.rows.of(robotId);
    if (!owner || !rows) return;
    rows.tasks.push(taskRow(robotId, owner, f));
    this.events.tellTask(robotId, owner, f);
  }

  private async write(): Promise<void> {
    const now = this.now();
    for (const piece of this.states.cut(now)) this.addPiece(piece);
    const { rows, once } = this.rows.take(now);
    await writeFlush(this.reg, rows, once, this.log);
  }
}
