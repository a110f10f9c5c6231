import { HeldLifts, type LiftHolder } from './held-lifts.js';
import { OperatorSessions } from './operator-sessions.js';
import type { Ride, RidePlan } from './ride.js';
import { type RideOutcome, RideSessions } from './ride-sessions.js';
import type { SessionPorts } from './session-ports.js';
import type { TestCallResult } from './test-call.js';
import { TestCallSessions } from './test-call-sessions.js';

export type { LiftHolder } from './held-lifts.js';
export type { RideOutcome } from './ride-sessions.js';
export type { SessionLift, SessionPorts, SessionPurpose, SessionRecorder } from './session-ports.js';

/**
 * Every lift session of this server: robots' rides, test calls and operators' sessions, each kept by a class of its
 * own (documented there), all sharing one holder per lift. A bank keeps to its limit of robot sessions; rides wait
 * in the order they reached the landing. Sessions a lift reports that nobody holds (after a restart of the server or
 * of the gateway) are ended, so no lift stays locked.
 */
export class LiftSessions {
  private readonly held: HeldLifts;
  private readonly rides: RideSessions;
  private readonly tests: TestCallSessions;
  private readonly operators: OperatorSessions;

  constructor(private readonly ports: SessionPorts) {
    // A lift let go is offered to the rides waiting for it.
    this.held = new HeldLifts(ports, () => this.rides.advanceWaiting());
    this.rides = new RideSessions(ports, this.held);
    this.tests = new TestCallSessions(ports, this.held);
    this.operators = new OperatorSessions(ports, this.held);
  }

  holder(liftId: string): LiftHolder | undefined {
    return this.held.holder(liftId);
  }

  waiting(liftId: string): Array<{ robotId: string; since: number; note: string | null }> {
    return this.rides.waiting(liftId);
  }

  busyLifts(): Set<string> {
    return this.rides.busyLifts();
  }

  rideOf(robotId: string): Ride | undefined {
    return this.rides.rideOf(robotId);
  }

  startRide(plan: RidePlan, robotId: string, done: (o: RideOutcome) => void): Ride {
    return this.rides.startRide(plan, robotId, done);
  }

  resumeRide(...args: Parameters<RideSessions['resumeRide']>): Ride {
    return this.rides.resumeRide(...args);
  }

  rideIds(): string[] {
    return this.rides.rideIds();
  }

  cancelRide(robotId: string, reason: string): void {
    this.rides.cancelRide(robotId, reason);
  }

  cancelRideById(rideId: string, reason: string): void {
    this.rides.cancelRideById(rideId, reason);
  }

  testCall(...args: Parameters<TestCallSessions['testCall']>): Promise<TestCallResult> | null {
    return this.tests.testCall(...args);
  }

  operate(...args: Parameters<OperatorSessions['operate']>): boolean {
    return this.operators.operate(...args);
  }

  logCommand(liftId: string, actorId: string, detail: Record<string, unknown>): void {
    this.operators.logCommand(liftId, actorId, detail);
  }

  endOperatorSession(liftId: string, actorId: string): boolean {
    return this.operators.endOperatorSession(liftId, actorId);
  }

  /**
   * Ends whatever holds the lift (a robot's ride fails saying so, a test call fails), and any session the lift
   * reports, with the operator's reason; `actor` null when no one here asked (the lift was removed through another
   * instance). False when nothing was held or reported.
   */
  release(liftId: string, actor: { id: string; name: string } | null, reason: string): boolean {
    const held = this.held.holder(liftId);
    const reported = this.ports.lift(liftId)?.report?.sessionId;
    if (!held && !reported) return false;
    const note = actor ? `released by ${actor.name}: ${reason}` : reason;
    const actorId = actor?.id ?? null;
    this.ports.record.event(
      liftId,
      'forceRelease',
      { reason },
      { ...(actorId ? { actorId } : {}), sessionId: held?.sessionId },
    );
    if (held) {
      if (this.rides.forceRelease(held.sessionId, note, actorId)) return true;
      this.tests.forceRelease(held.sessionId, note);
      this.ports.request(liftId, { sessionId: held.sessionId, requestType: 'endSession' });
      this.held.unhold(liftId, 'forceReleased', note, actorId);
      return true;
    }
    if (!reported) return false;
    this.ports.request(liftId, { sessionId: reported, requestType: 'endSession' });
    this.ports.record.ended(reported, 'forceReleased', note, actorId);
    return true;
  }

  /** Sessions left open by an earlier run of the server: each lift is asked to end it, and it is recorded ended. */
  reconcile(
    open: Array<{ sessionId: string; liftId: string }>,
    note = 'the server restarted during the session',
  ): void {
    for (const s of open) {
      this.ports.request(s.liftId, { sessionId: s.sessionId, requestType: 'endSession' });
      this.ports.record.ended(s.sessionId, 'restart', note, null);
      this.ports.record.event(s.liftId, 'sessionEnded', { reason: 'restart' }, { sessionId: s.sessionId });
    }
  }

  /** A lift's state changed. */
  onLift(liftId: string): void {
    this.rides.onLift(liftId);
    this.tests.onLift(liftId);
    this.held.checkOrphan(liftId);
  }

  /** A robot's state changed. */
  onRobot(robotId: string): void {
    this.rides.onRobot(robotId);
  }

  /** Once a second: deadlines, timeouts and held doors do not wait for a message. */
  tick(): void {
    this.rides.tick();
    this.tests.tick();
    this.operators.tick();
    this.held.checkOrphans();
  }
}
