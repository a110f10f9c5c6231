import type { FleetEvent } from './fleet-events.js';
import type { ErrorRow, IntervalRow, TaskRow } from './insert-facts.js';
import type { SampleRow } from './insert-samples.js';

export interface ErrorEnd {
  robotId: string;
  code: string;
  endedAt: Date;
}

/**
 * History rows waiting to be written: the recorder keeps one set for the robots it owns (written every second) and
 * one for the robots it stands in for (kept a few seconds, written only if their owner goes before it wrote them).
 */
export class HistoryRows {
  samples: SampleRow[] = [];
  tasks: TaskRow[] = [];
  intervals: IntervalRow[] = [];
  /** Opened since the last write, by the ledger's id: one that also ends before the write is written ended. */
  errorsOpened = new Map<string, ErrorRow>();
  errorsClosed: ErrorEnd[] = [];
  /** A stand-in's events for integrators (the owner tells its own at once): told if the owner goes without. */
  events: FleetEvent[] = [];

  get size(): number {
    return (
      this.samples.length +
      this.tasks.length +
      this.intervals.length +
      this.errorsOpened.size +
      this.errorsClosed.length
    );
  }

  openError(ledgerId: string, row: ErrorRow): void {
    this.errorsOpened.set(ledgerId, row);
  }

  /**
   * An error ended. One opened in this set is written ended; the end is also kept for an open row already written,
   * by this instance or by another: a stand-in's copy of an error its owner wrote open is left out when written.
   */
  closeError(ledgerId: string, end: ErrorEnd): void {
    const unwritten = this.errorsOpened.get(ledgerId);
    if (unwritten) unwritten.endedAt = end.endedAt;
    this.errorsClosed.push(end);
  }

  /** Everything held, emptied: what a write takes. */
  take(): HistoryRows {
    const out = new HistoryRows();
    Object.assign(out, {
      samples: this.samples,
      tasks: this.tasks,
      intervals: this.intervals,
      errorsOpened: this.errorsOpened,
      errorsClosed: this.errorsClosed,
      events: this.events,
    });
    this.events = [];
    this.samples = [];
    this.tasks = [];
    this.intervals = [];
    this.errorsOpened = new Map();
    this.errorsClosed = [];
    return out;
  }

  /** The rows of the robots `pick` chooses, moved out (in their order); the others stay. */
  takeRobots(pick: (robotId: string) => boolean): HistoryRows {
    const out = new HistoryRows();
    const split = <T extends { robotId: string }>(rows: T[], into: T[]): T[] => {
      const kept: T[] = [];
      for (const r of rows) (pick(r.robotId) ? into : kept).push(r);
      return kept;
    };
    this.samples = split(this.samples, out.samples);
    this.tasks = split(this.tasks, out.tasks);
    this.intervals = split(this.intervals, out.intervals);
    this.errorsClosed = split(this.errorsClosed, out.errorsClosed);
    this.events = split(this.events, out.events);
    for (const [id, row] of this.errorsOpened) {
      if (!pick(row.robotId)) continue;
      out.errorsOpened.set(id, row);
      this.errorsOpened.delete(id);
    }
    return out;
  }

  /** Adds `other`'s rows after this set's own. */
  append(other: HistoryRows): void {
    this.samples.push(...other.samples);
    this.tasks.push(...other.tasks);
    this.intervals.push(...other.intervals);
    for (const [id, row] of other.errorsOpened) this.errorsOpened.set(id, row);
    this.errorsClosed.push(...other.errorsClosed);
    this.events.push(...other.events);
  }

  /** Forgets rows of moments before `before` (an error still open is kept while it lasts). */
  prune(before: Date): void {
    const t = before.getTime();
    this.samples = this.samples.filter((r) => r.at.getTime() >= t);
    this.tasks = this.tasks.filter((r) => r.endedAt.getTime() >= t);
    this.intervals = this.intervals.filter((r) => r.endedAt.getTime() >= t);
    this.errorsClosed = this.errorsClosed.filter((r) => r.endedAt.getTime() >= t);
    this.events = this.events.filter((e) => e.at >= t);
    for (const [id, row] of this.errorsOpened)
      if (row.endedAt && row.endedAt.getTime() < t) this.errorsOpened.delete(id);
  }
}
