import type { TaskOutcome, TaskType } from '@fleet/contract';
import { CLEAN_ACTION, cleaningAreas } from './cleaning-report.js';

/**
 * What the ledger reads of a robot: the live store's facts, read in place whenever something beyond its motion
 * changed (its order, the nodes left, driving, its floor, errors, actions…), and when a lift ride ends.
 */
export interface OrderFacts {
  readonly orderId: string | null;
  readonly openNodes: number;
  readonly driving: boolean;
  readonly position: { mapId: string } | null;
  /** The way the robot went since it was registered (the live store's odometer, see Entry.travelledM). */
  readonly travelledM: number;
  /** Looked at only when an order ends: a finished cancelOrder makes it cancelled, a fatal error failed. */
  readonly actionStates: readonly { actionType?: string; actionStatus: string; resultDescription?: string }[];
  readonly errors: readonly { errorLevel: string; errorType?: string }[];
}

export interface FinishedTask {
  orderId: string;
  type: TaskType;
  startedAt: number;
  endedAt: number;
  result: TaskOutcome;
  distanceM: number;
  mapIds: string[];
  liftRides: number;
  liftWaitS: number;
  interventions: number;
  errorCodes: string[];
  /** What a cleaning task's `clean` action reported (null when it reported none, or for other tasks). */
  plannedAreaM2: number | null;
  cleanedAreaM2: number | null;
}

interface Open {
  journey: string;
  orderId: string;
  startedAt: number;
  /** The robot's odometer when the task started, and when the ledger last looked (see OrderFacts.travelledM). */
  startM: number;
  seenM: number;
  /** The floor it was on when the ledger last looked: a new one joins the task's floors. */
  floor: string | null;
  mapIds: Set<string>;
  errorCodes: Set<string>;
  liftRides: number;
  liftWaitS: number;
  interventions: number;
  /** A lift ride's leg reached its end: the journey goes on with the next leg, or ends with the ride. */
  legEndedAt: number | null;
  /** The order carries a `clean` action: a cleaning task, whoever sent it. */
  cleaning: boolean;
  plannedAreaM2: number | null;
  cleanedAreaM2: number | null;
}

// A lift ride sends three orders, `ride-<rideId>-<leg>`: they are one task, the journey `ride-<rideId>`.
const RIDE_LEG = /^(ride-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-/;

/** The task an order belongs to: itself, or the lift ride it is a leg of. */
export function journeyOf(orderId: string): string {
  return RIDE_LEG.exec(orderId)?.[1] ?? orderId;
}

/** Origins are forgotten after this many: a robot's own orders are never noted, so nothing else bounds them. */
const ORIGINS_KEPT = 10_000;

/**
 * Follows each robot's task from the first state that names its order to the state where nothing is left to
 * drive, with its distance (the robot's odometer at the end less at the start), the floors, the errors met, lift
 * rides and operators' interventions on the way. It needs to look only when something other than the robot's
 * motion changed: a robot that only moves (most messages of a large fleet) costs it nothing.
 * The console notes where an order came from (a command: deliver; a mini device: call); an order nobody noted is
 * the robot's own (cruise).
 */
export class TaskLedger {
  private readonly open = new Map<string, Open>();
  private readonly origins = new Map<string, TaskType>();

  /** The order (or lift ride journey) `reference` was sent for this purpose. */
  noteOrigin(reference: string, type: TaskType): void {
    if (this.origins.size >= ORIGINS_KEPT) {
      const oldest = this.origins.keys().next().value;
      if (oldest !== undefined) this.origins.delete(oldest);
    }
    this.origins.set(journeyOf(reference), type);
  }

  /** An operator acted on the robot (a command, a takeover): counted against the task it is on. */
  noteIntervention(robotId: string): void {
    const task = this.open.get(robotId);
    if (task) task.interventions++;
  }

  /**
   * A lift ride of this journey ended: its legs are one task, which ends with the ride. `travelledM`: the robot's
   * odometer now (undefined when the robot is gone: as the ledger last saw it).
   */
  endJourney(
    robotId: string,
    journey: string,
    finished: boolean,
    waitS: number,
    now: number,
    travelledM?: number,
  ): FinishedTask | null {
    const task = this.open.get(robotId);
    if (!task || task.journey !== journey) return null;
    task.liftRides++;
    task.liftWaitS += waitS;
    return this.close(robotId, task, now, finished ? 'completed' : 'failed', travelledM ?? task.seenM);
  }

  observe(robotId: string, f: OrderFacts, now: number): FinishedTask | null {
    let task = this.open.get(robotId);
    let finished: FinishedTask | null = null;
    if (task && f.orderId !== task.orderId) {
      if (f.orderId && journeyOf(f.orderId) === task.journey) {
        task.orderId = f.orderId; // the next leg of the same ride
        task.legEndedAt = null;
      } else {
        // Another order (or none) took over before this one was done; a ride between legs had done its part.
        finished = this.close(
          robotId,
          task,
          task.legEndedAt ?? now,
          task.legEndedAt ? 'completed' : 'partial',
          f.travelledM,
        );
        task = undefined;
      }
    }
    if (!task && f.orderId && (f.openNodes > 0 || f.driving)) {
      const journey = journeyOf(f.orderId);
      const floor = f.position?.mapId ?? null;
      task = {
        journey,
        orderId: f.orderId,
        startedAt: now,
        startM: f.travelledM,
        seenM: f.travelledM,
        floor,
        mapIds: new Set(floor === null ? [] : [floor]),
        errorCodes: new Set(),
        liftRides: 0,
        liftWaitS: 0,
        interventions: 0,
        legEndedAt: null,
        cleaning: false,
        plannedAreaM2: null,
        cleanedAreaM2: null,
      };
      this.open.set(robotId, task);
      noteCleaning(task, f);
      noteErrors(task, f);
      return finished;
    }
    if (!task) return finished;
    noteCleaning(task, f);
    noteErrors(task, f);
    task.seenM = f.travelledM;
    const floor = f.position?.mapId ?? null;
    if (floor !== null && floor !== task.floor) task.mapIds.add(floor);
    task.floor = floor;
    if (f.openNodes === 0 && !f.driving && task.legEndedAt === null) {
      const fatal = f.errors.some((e) => e.errorLevel === 'FATAL');
      const cancelled = f.actionStates.some(
        (a) => a.actionType === 'cancelOrder' && a.actionStatus === 'FINISHED',
      );
      // A ride's leg ends here but the ride goes on, unless the robot failed or was cancelled on the way.
      if (task.journey !== task.orderId && !fatal && !cancelled) {
        task.legEndedAt = now;
        return finished;
      }
      return this.close(
        robotId,
        task,
        now,
        fatal ? 'failed' : cancelled ? 'cancelled' : 'completed',
        f.travelledM,
      );
    }
    return finished;
  }

  /** `travelledM`: the robot's odometer as the task ends. */
  private close(
    robotId: string,
    t: Open,
    now: number,
    result: TaskOutcome,
    travelledM: number,
  ): FinishedTask {
    this.open.delete(robotId);
    const type = t.cleaning ? 'clean' : (this.origins.get(t.journey) ?? 'cruise');
    this.origins.delete(t.journey);
    return {
      orderId: t.journey,
      type,
      startedAt: t.startedAt,
      endedAt: now,
      result,
      // Never less than nothing: a robot removed and registered again starts a new odometer.
      distanceM: Math.max(0, travelledM - t.startM),
      mapIds: [...t.mapIds],
      liftRides: t.liftRides,
      liftWaitS: t.liftWaitS,
      interventions: t.interventions,
      errorCodes: [...t.errorCodes],
      plannedAreaM2: t.plannedAreaM2,
      cleanedAreaM2: t.cleanedAreaM2,
    };
  }
}

/** The error codes met on the way, each once. */
function noteErrors(task: Open, f: OrderFacts): void {
  for (const e of f.errors) if (e.errorType) task.errorCodes.add(e.errorType);
}

/** A `clean` action among the order's makes the task a cleaning task; its latest figures are the task's. */
function noteCleaning(task: Open, f: OrderFacts): void {
  for (const a of f.actionStates) {
    if (a.actionType !== CLEAN_ACTION) continue;
    task.cleaning = true;
    const areas = cleaningAreas(a.resultDescription);
    if (areas.cleanedAreaM2 !== null) task.cleanedAreaM2 = areas.cleanedAreaM2;
    if (areas.plannedAreaM2 !== null) task.plannedAreaM2 = areas.plannedAreaM2;
  }
}
