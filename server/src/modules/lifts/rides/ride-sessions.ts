import type { HeldLifts } from './held-lifts.js';
import {
  Ride,
  type RideEffect,
  type RidePlan,
  type RideSnapshot,
  type RideView,
  type SessionEnd,
} from './ride.js';
import type { SessionLift, SessionPorts } from './session-ports.js';

export type RideOutcome = { finished: true } | { finished: false; reason: string };

interface RideEntry {
  ride: Ride;
  robotId: string;
  /** When the ride started waiting at the landing (its place in the lift's queue). */
  waitingSince: number | null;
  done(outcome: RideOutcome): void;
  /** The state and waitingSince last written, as JSON: a ride is written again only when they changed. */
  written: string | null;
}

/**
 * Robots' rides on lifts. A bank keeps to its limit of robot sessions; rides wait in the order they reached the
 * landing.
 */
export class RideSessions {
  private readonly rides = new Map<string, RideEntry>();

  constructor(
    private readonly ports: SessionPorts,
    private readonly held: HeldLifts,
  ) {}

  /** Robots waiting at a lift's landing, first come first. */
  waiting(liftId: string): Array<{ robotId: string; since: number; note: string | null }> {
    return [...this.rides.values()]
      .filter((r) => r.ride.plan.liftId === liftId && r.ride.phase === 'waiting' && r.waitingSince !== null)
      .sort((a, b) => (a.waitingSince ?? 0) - (b.waitingSince ?? 0))
      .map((r) => ({ robotId: r.robotId, since: r.waitingSince ?? 0, note: r.ride.note }));
  }

  /**
   * Lifts held or waited for now. Their view changes without a new state from the lift (a robot starts waiting,
   * a ride's note changes), so /live looks at them every tick.
   */
  busyLifts(): Set<string> {
    const busy = new Set(this.held.liftIds());
    for (const r of this.rides.values()) if (r.ride.phase === 'waiting') busy.add(r.ride.plan.liftId);
    return busy;
  }

  /** The ride a robot is on, if any. */
  rideOf(robotId: string): Ride | undefined {
    for (const r of this.rides.values()) if (r.robotId === robotId) return r.ride;
    return undefined;
  }

  /** Starts a robot's ride; `done` hears how it ended. A robot on a ride already has that ride cancelled. */
  startRide(plan: RidePlan, robotId: string, done: (o: RideOutcome) => void): Ride {
    const previous = this.rideOf(robotId);
    if (previous) this.abortRide(previous.plan.rideId, 'replaced by a new command', 'cancelled', null);
    const ride = new Ride(plan, this.ports.now());
    this.rides.set(plan.rideId, { ride, robotId, waitingSince: null, done, written: null });
    this.advanceRide(plan.rideId);
    return ride;
  }

  /**
   * Goes on with a ride another instance ran until it stopped (LIFTS-RIDES-CARRIED), from its last written state:
   * the session it held is held here now (its row is the caller's to take over), and the ride looks at the lift
   * and the robot at once.
   */
  resumeRide(
    plan: RidePlan,
    robotId: string,
    state: RideSnapshot,
    waitingSince: number | null,
    done: (o: RideOutcome) => void,
  ): Ride {
    const previous = this.rideOf(robotId);
    if (previous) this.abortRide(previous.plan.rideId, 'replaced by a new command', 'cancelled', null);
    const ride = Ride.resume(plan, state);
    this.rides.set(plan.rideId, {
      ride,
      robotId,
      waitingSince,
      done,
      written: JSON.stringify([state, waitingSince]),
    });
    if (state.sessionOpen && state.sessionDeadline !== null)
      this.held.takeOver(plan.liftId, {
        sessionId: plan.rideId,
        purpose: 'ride',
        robotIds: [robotId],
        since: this.ports.now(),
        deadline: state.sessionDeadline,
        openedBy: null,
      });
    this.advanceRide(plan.rideId);
    return ride;
  }

  /** Rides running here, by id. */
  rideIds(): string[] {
    return [...this.rides.keys()];
  }

  /** Cancels a robot's ride (a new command, a cancel), ending its session. */
  cancelRide(robotId: string, reason: string): void {
    const ride = this.rideOf(robotId);
    if (ride) this.abortRide(ride.plan.rideId, reason, 'cancelled', null);
  }

  /** Cancels one ride by its id (asked for on another instance), if it runs here. */
  cancelRideById(rideId: string, reason: string): void {
    this.abortRide(rideId, reason, 'cancelled', null);
  }

  /** Fails the ride holding a lift an operator released, saying so; false when the session is not a ride here. */
  forceRelease(rideId: string, note: string, actorId: string | null): boolean {
    const ride = [...this.rides.values()].find((r) => r.ride.plan.rideId === rideId);
    if (!ride) return false;
    this.abortRide(rideId, note, 'forceReleased', actorId);
    return true;
  }

  /** A lift's state changed. */
  onLift(liftId: string): void {
    for (const r of [...this.rides.values()])
      if (r.ride.plan.liftId === liftId) this.advanceRide(r.ride.plan.rideId);
  }

  /** A robot's state changed. */
  onRobot(robotId: string): void {
    for (const r of [...this.rides.values()]) if (r.robotId === robotId) this.advanceRide(r.ride.plan.rideId);
  }

  /** Once a second: deadlines and held doors do not wait for a message. */
  tick(): void {
    for (const id of [...this.rides.keys()]) this.advanceRide(id);
  }

  /** A lift was let go: the rides waiting may take it. */
  advanceWaiting(): void {
    for (const r of [...this.rides.values()])
      if (r.ride.phase === 'waiting') this.advanceRide(r.ride.plan.rideId);
  }

  private advanceRide(rideId: string): void {
    const entry = this.rides.get(rideId);
    if (!entry) return;
    const { ride, robotId } = entry;
    const lift = this.ports.lift(ride.plan.liftId);
    const robot = this.ports.robot(robotId);
    const view: RideView = {
      now: this.ports.now(),
      lift: {
        name: lift?.name ?? 'the lift',
        report: lift?.report ?? null,
        blocked: lift ? lift.blocked : 'noState',
      },
      robot: robot ?? { online: false, orderId: null, openNodes: 0, driving: false, position: null },
      granted: this.mayTake(ride, lift),
    };
    const wasWaiting = ride.phase === 'waiting';
    this.applyRide(entry, ride.update(view));
    if (!wasWaiting && ride.phase === 'waiting') {
      entry.waitingSince = view.now;
      this.remember(entry);
    }
  }

  /** Whether a waiting ride may take its lift now: nobody holds it, the bank has room, nobody waited longer. */
  private mayTake(ride: Ride, lift: SessionLift | undefined): boolean {
    if (!lift || this.held.has(ride.plan.liftId) || this.ports.heldElsewhere?.(ride.plan.liftId))
      return false;
    const first = this.waiting(ride.plan.liftId)[0];
    if (first && this.rides.get(ride.plan.rideId)?.robotId !== first.robotId) return false;
    let open = 0;
    for (const [liftId, h] of this.held.entries())
      if (h.purpose === 'ride' && this.ports.lift(liftId)?.bankId === lift.bankId) open++;
    return open < this.ports.bankLimit(lift.bankId);
  }

  private applyRide(entry: RideEntry, fx: RideEffect[], actorId: string | null = null): void {
    const { ride, robotId } = entry;
    const { liftId, rideId } = ride.plan;
    for (const e of fx) {
      switch (e.t) {
        case 'order':
          this.ports.order(robotId, e.leg);
          break;
        case 'cancelOrder':
          this.ports.cancelOrder(robotId);
          break;
        case 'openSession':
          this.held.hold(
            liftId,
            {
              sessionId: rideId,
              purpose: 'ride',
              robotIds: [robotId],
              since: this.ports.now(),
              deadline: e.deadline,
              openedBy: null,
            },
            'calling',
            ride.plan.from.floorCode,
            ride.plan.to.floorCode,
          );
          break;
        case 'liftRequest':
          this.ports.request(liftId, { sessionId: rideId, requestType: 'agvMode', ...e });
          break;
        case 'endSession':
          this.ports.request(liftId, { sessionId: rideId, requestType: 'endSession' });
          this.held.unhold(liftId, e.reason, e.note ?? null, actorId);
          break;
        case 'event':
          this.ports.record.event(liftId, e.kind, e.detail, { sessionId: rideId, robotId });
          if (this.held.holder(liftId)?.sessionId === rideId) this.ports.record.phase(rideId, ride.phase);
          break;
        case 'finished':
          this.rides.delete(rideId);
          this.ports.record.rideOver?.(rideId, null);
          this.ports.rideEnded?.(robotId, rideId, true, ride.liftWaitS);
          entry.done({ finished: true });
          break;
        case 'failed':
          this.rides.delete(rideId);
          this.ports.record.rideOver?.(rideId, e.reason);
          this.ports.rideEnded?.(robotId, rideId, false, ride.liftWaitS);
          entry.done({ finished: false, reason: e.reason });
          break;
      }
    }
    this.remember(entry);
  }

  /** Writes the ride's state when it changed (and it still runs). */
  private remember(entry: RideEntry): void {
    const { rideState } = this.ports.record;
    if (!rideState || !this.rides.has(entry.ride.plan.rideId)) return;
    const state = entry.ride.snapshot();
    const json = JSON.stringify([state, entry.waitingSince]);
    if (json === entry.written) return;
    entry.written = json;
    rideState(entry.ride.plan.rideId, state, entry.waitingSince);
  }

  private abortRide(rideId: string, reason: string, end: SessionEnd, actorId: string | null): void {
    const entry = this.rides.get(rideId);
    if (!entry) return;
    this.applyRide(entry, entry.ride.abort(this.ports.now(), reason, end), actorId);
  }
}
