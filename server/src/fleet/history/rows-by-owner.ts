import type { FleetOwnership } from '../instances/instance-registry.js';
import type { FleetEvent } from './fleet-events.js';
import { HistoryRows } from './history-rows.js';
import { HANDOVER_MS, STAND_IN_MS } from './history-timings.js';

/** Which robots this instance writes, which it stands in for, and when that changes. */
export type HistoryShare = Pick<FleetOwnership, 'owns' | 'standsIn' | 'shared' | 'onChange'>;

/** The history rows waiting to be written, kept apart by whether this instance owns their robot or stands in. */
export class RowsByOwner {
  /** Rows of the robots this instance owns, written every second. */
  readonly pending = new HistoryRows();
  /**
   * Rows of the robots whose owner this instance succeeds, kept STAND_IN_MS: if the owner dies, it wrote nothing of
   * its last seconds, and this instance, which takes its robots, writes them (leaving out what it did write).
   */
  readonly standIn = new HistoryRows();
  /** Until when writes leave out rows another instance wrote (the robots just changed hands). */
  private handoverUntil = 0;

  constructor(private readonly share: HistoryShare) {}

  /** Where the robot's rows go: the owner's, the stand-in's, or nowhere (another instance's robot). */
  of(robotId: string): HistoryRows | null {
    if (this.share.owns(robotId)) return this.pending;
    return this.share.standsIn(robotId) ? this.standIn : null;
  }

  /** The robots just changed hands: writes from `now` leave out what their previous owners wrote, HANDOVER_MS. */
  handingOver(now: number): void {
    this.handoverUntil = now + HANDOVER_MS;
  }

  /**
   * The robots stood in for and now owned bring the rows kept for them, their events given to `retell`; the rows of
   * robots no longer stood in for are dropped.
   */
  takeOver(retell: (event: FleetEvent) => void): void {
    const taken = this.standIn.takeRobots((id) => this.share.owns(id));
    // Events the gone owner may not have told (FLEET-EVENTS-HANDOVER): told again, marked so.
    for (const event of taken.events.splice(0)) retell(event);
    this.pending.append(taken);
    this.standIn.takeRobots((id) => !this.share.standsIn(id));
  }

  /** What a write at `now` takes: the owned rows, emptied, and whether to leave out rows another instance wrote. */
  take(now: number): { rows: HistoryRows; once: boolean } {
    this.standIn.prune(new Date(now - STAND_IN_MS));
    const rows = this.pending.take();
    // Right after the robots changed hands, rows another instance wrote too are left out (insert-once.ts).
    const once = now < this.handoverUntil;
    return { rows, once };
  }
}
