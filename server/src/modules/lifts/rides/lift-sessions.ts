import { randomUUID } from 'node:crypto';
import type { LiftBlock, LiftReport, LiftRequestType } from '@fleet/contract';
import {
  type Leg,
  Ride,
  type RideEffect,
  type RidePlan,
  type RideSnapshot,
  type RideView,
  type SessionEnd,
} from './ride.js';
import { TestCall, type TestCallResult } from './test-call.js';

/** A lift as the sessions see it. */
export interface SessionLift {
  name: string;
  bankId: string;
  report: LiftReport | null;
  blocked: LiftBlock | null;
}

export type SessionPurpose = 'ride' | 'test' | 'operator';

/** Where sessions and lift events are kept (the database); fire and forget, failures are the recorder's to log. */
export interface SessionRecorder {
  opened(s: {
    sessionId: string;
    liftId: string;
    purpose: SessionPurpose;
    robotIds: string[];
    openedBy: string | null;
    phase: string;
    fromFloor: string | null;
    toFloor: string | null;
    deadline: number;
  }): void;
  phase(sessionId: string, phase: string): void;
  ended(
    sessionId: string,
    reason: SessionEnd | 'restart' | 'orphan',
    note: string | null,
    endedBy: string | null,
  ): void;
  event(
    liftId: string,
    kind: string,
    detail: Record<string, unknown>,
    refs: { sessionId?: string; robotId?: string; actorId?: string },
  ): void;
  /** A ride's state changed (LIFTS-RIDES-CARRIED): written, so that another instance can go on with it. */
  rideState?(rideId: string, state: RideSnapshot, waitingSince: number | null): void;
  /** A ride ended, finished (note null) or not. */
  rideOver?(rideId: string, note: string | null): void;
}

/** What the sessions reach of the world: the live lifts and robots, the link, the robots' orders. */
export interface SessionPorts {
  now(): number;
  lift(liftId: string): SessionLift | undefined;
  robot(robotId: string): RideView['robot'] | undefined;
  /** Robot sessions a bank may have open at once. */
  bankLimit(bankId: string): number;
  request(
    liftId: string,
    r: {
      sessionId: string;
      requestType: LiftRequestType;
      destinationFloor?: string;
      doorState?: 'open' | 'closed';
    },
  ): void;
  order(robotId: string, leg: Leg): void;
  cancelOrder(robotId: string): void;
  record: SessionRecorder;
  /** A ride ended, however: the fleet's history ends the task its legs made. */
  rideEnded?(robotId: string, rideId: string, finished: boolean, liftWaitS: number): void;
  /**
   * Several instances sharing the fleet (LIFTS-SESSIONS-SHARED): the session another live instance holds on the lift
   * (none here opens one beside it), and whether this instance carries the lift's building (only that one ends
   * sessions a lift reports that no live instance holds). Absent when the instance runs alone.
   */
  heldElsewhere?(liftId: string): string | null;
  carries?(liftId: string): boolean;
}

/** Who holds a lift now. */
export interface LiftHolder {
  sessionId: string;
  purpose: SessionPurpose;
  robotIds: string[];
  since: number;
  deadline: number;
  openedBy: string | null;
}

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

interface TestEntry {
  call: TestCall;
  liftId: string;
  done(result: TestCallResult): void;
}

/** A session the lift reports that nobody here holds is released after this long (a restart's leftover). */
const ORPHAN_GRACE_MS = 5000;

/**
 * Every lift session of this server: robots' rides, test calls and operators' sessions. One holder per lift; a
 * bank keeps to its limit of robot sessions; rides wait in the order they reached the landing. Sessions a lift
 * reports that nobody holds (after a restart of the server or of the gateway) are ended, so no lift stays locked.
 */
export class LiftSessions {
  private readonly rides = new Map<string, RideEntry>();
  private readonly tests = new Map<string, TestEntry>();
  private readonly holders = new Map<string, LiftHolder>();
  /** When each lift was first seen reporting a session nobody holds. */
  private readonly orphans = new Map<string, { sessionId: string; since: number; sentAt: number }>();

  constructor(private readonly ports: SessionPorts) {}

  holder(liftId: string): LiftHolder | undefined {
    return this.holders.get(liftId);
  }

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
    const busy = new Set(this.holders.keys());
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
      this.holders.set(plan.liftId, {
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

  /** Calls the car to a floor and back; refused (null) while the lift is held. */
  testCall(
    liftId: string,
    floor: string,
    timeoutMs: number,
    actorId: string,
  ): Promise<TestCallResult> | null {
    if (this.holders.has(liftId) || this.ports.heldElsewhere?.(liftId)) return null;
    const sessionId = randomUUID();
    const now = this.ports.now();
    const call = new TestCall(sessionId, floor, timeoutMs, now);
    this.hold(
      liftId,
      {
        sessionId,
        purpose: 'test',
        robotIds: [],
        since: now,
        deadline: now + timeoutMs,
        openedBy: actorId,
      },
      'testCall',
      null,
      floor,
    );
    this.ports.record.event(liftId, 'testCall', { floor }, { sessionId, actorId });
    return new Promise((resolve) => {
      this.tests.set(sessionId, { call, liftId, done: resolve });
      this.applyTest(sessionId, call.start());
      this.advanceTest(sessionId);
    });
  }

  /**
   * An operator's request: robot mode on (with an optional floor and doors), or off. Opens an operator session
   * when the lift is free; refused (false) while a robot or a test holds it.
   */
  operate(
    liftId: string,
    actorId: string,
    req: { requestType: 'agvMode' | 'humanMode'; destinationFloor?: string; doorState?: 'open' | 'closed' },
    sessionTimeoutMs: number,
  ): boolean {
    const held = this.holders.get(liftId);
    if (held && held.purpose !== 'operator') return false;
    if (!held && this.ports.heldElsewhere?.(liftId)) return false;
    const now = this.ports.now();
    let sessionId = held?.sessionId;
    if (!sessionId) {
      if (req.requestType === 'humanMode') {
        this.ports.request(liftId, { sessionId: randomUUID(), requestType: 'humanMode' });
        return true;
      }
      sessionId = randomUUID();
      this.hold(
        liftId,
        {
          sessionId,
          purpose: 'operator',
          robotIds: [],
          since: now,
          deadline: now + sessionTimeoutMs,
          openedBy: actorId,
        },
        'operator',
        null,
        req.destinationFloor ?? null,
      );
    }
    this.ports.request(liftId, { sessionId, ...req });
    if (req.requestType === 'humanMode') this.unhold(liftId, 'completed', null, actorId);
    return true;
  }

  /** An operator's command, in the lift log with who gave it and why. */
  logCommand(liftId: string, actorId: string, detail: Record<string, unknown>): void {
    this.ports.record.event(liftId, 'command', detail, {
      actorId,
      sessionId: this.holders.get(liftId)?.sessionId,
    });
  }

  /** Ends an operator's session politely; false when the lift is not held by an operator. */
  endOperatorSession(liftId: string, actorId: string): boolean {
    const held = this.holders.get(liftId);
    if (held?.purpose !== 'operator') return false;
    this.ports.request(liftId, { sessionId: held.sessionId, requestType: 'endSession' });
    this.unhold(liftId, 'completed', null, actorId);
    return true;
  }

  /**
   * Ends whatever holds the lift (a robot's ride fails saying so, a test call fails), and any session the lift
   * reports, with the operator's reason. False when nothing was held or reported.
   */
  release(liftId: string, actor: { id: string; name: string }, reason: string): boolean {
    const held = this.holders.get(liftId);
    const reported = this.ports.lift(liftId)?.report?.sessionId;
    if (!held && !reported) return false;
    const note = `released by ${actor.name}: ${reason}`;
    this.ports.record.event(
      liftId,
      'forceRelease',
      { reason },
      { actorId: actor.id, sessionId: held?.sessionId },
    );
    if (held) {
      const ride = [...this.rides.values()].find((r) => r.ride.plan.rideId === held.sessionId);
      if (ride) {
        this.abortRide(held.sessionId, note, 'forceReleased', actor.id);
        return true;
      }
      const test = this.tests.get(held.sessionId);
      if (test) {
        this.tests.delete(held.sessionId);
        test.done({
          passed: false,
          floor: test.call.floor,
          latencyMs: null,
          firstAnswerMs: null,
          reason: note,
          report: null,
        });
      }
      this.ports.request(liftId, { sessionId: held.sessionId, requestType: 'endSession' });
      this.unhold(liftId, 'forceReleased', note, actor.id);
      return true;
    }
    if (!reported) return false;
    this.ports.request(liftId, { sessionId: reported, requestType: 'endSession' });
    this.ports.record.ended(reported, 'forceReleased', note, actor.id);
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
    for (const r of [...this.rides.values()])
      if (r.ride.plan.liftId === liftId) this.advanceRide(r.ride.plan.rideId);
    for (const [id, t] of this.tests) if (t.liftId === liftId) this.advanceTest(id);
    this.checkOrphan(liftId);
  }

  /** A robot's state changed. */
  onRobot(robotId: string): void {
    for (const r of [...this.rides.values()]) if (r.robotId === robotId) this.advanceRide(r.ride.plan.rideId);
  }

  /** Once a second: deadlines, timeouts and held doors do not wait for a message. */
  tick(): void {
    for (const id of [...this.rides.keys()]) this.advanceRide(id);
    for (const id of [...this.tests.keys()]) this.advanceTest(id);
    const now = this.ports.now();
    for (const [liftId, h] of [...this.holders]) {
      if (h.purpose === 'operator' && now >= h.deadline) {
        this.ports.request(liftId, { sessionId: h.sessionId, requestType: 'endSession' });
        this.unhold(liftId, 'expired', 'the operator session passed its limit', null);
      }
    }
    for (const liftId of this.orphans.keys()) this.checkOrphan(liftId);
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
    if (!lift || this.holders.has(ride.plan.liftId) || this.ports.heldElsewhere?.(ride.plan.liftId))
      return false;
    const first = this.waiting(ride.plan.liftId)[0];
    if (first && this.rides.get(ride.plan.rideId)?.robotId !== first.robotId) return false;
    let open = 0;
    for (const [liftId, h] of this.holders)
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
          this.hold(
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
          this.unhold(liftId, e.reason, e.note ?? null, actorId);
          break;
        case 'event':
          this.ports.record.event(liftId, e.kind, e.detail, { sessionId: rideId, robotId });
          if (this.holders.get(liftId)?.sessionId === rideId) this.ports.record.phase(rideId, ride.phase);
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

  private advanceTest(sessionId: string): void {
    const t = this.tests.get(sessionId);
    if (!t) return;
    const lift = this.ports.lift(t.liftId);
    this.applyTest(
      sessionId,
      t.call.update(this.ports.now(), lift?.report ?? null, lift ? lift.blocked : 'noState'),
    );
  }

  private applyTest(sessionId: string, fx: ReturnType<TestCall['start']>): void {
    const t = this.tests.get(sessionId);
    if (!t) return;
    for (const e of fx) {
      if (e.t === 'liftRequest') this.ports.request(t.liftId, { sessionId, requestType: 'agvMode', ...e });
      if (e.t === 'endSession') {
        this.ports.request(t.liftId, { sessionId, requestType: 'endSession' });
        this.unhold(t.liftId, 'completed', null, null);
      }
      if (e.t === 'done') {
        this.tests.delete(sessionId);
        this.ports.record.event(
          t.liftId,
          e.result.passed ? 'testPassed' : 'testFailed',
          { ...e.result, report: undefined },
          { sessionId },
        );
        t.done(e.result);
      }
    }
  }

  private hold(
    liftId: string,
    h: LiftHolder,
    phase: string,
    fromFloor: string | null,
    toFloor: string | null,
  ): void {
    this.holders.set(liftId, h);
    this.orphans.delete(liftId);
    this.ports.record.opened({ ...h, liftId, phase, fromFloor, toFloor });
  }

  private unhold(liftId: string, reason: SessionEnd, note: string | null, endedBy: string | null): void {
    const h = this.holders.get(liftId);
    if (!h) return;
    this.holders.delete(liftId);
    this.ports.record.ended(h.sessionId, reason, note, endedBy);
    this.ports.record.event(liftId, 'sessionEnded', { reason, note }, { sessionId: h.sessionId });
    // Whoever waits for this lift may go now.
    for (const r of [...this.rides.values()])
      if (r.ride.phase === 'waiting') this.advanceRide(r.ride.plan.rideId);
  }

  /** Ends a session the lift reports that nobody here holds, once it has lasted the grace period. */
  private checkOrphan(liftId: string): void {
    const reported = this.ports.lift(liftId)?.report?.sessionId ?? null;
    const held = this.holders.get(liftId)?.sessionId;
    // Among several instances, only the one carrying the lift's building ends a session, and only one no live
    // instance holds.
    const notOurs = this.ports.carries?.(liftId) === false || reported === this.ports.heldElsewhere?.(liftId);
    if (!reported || reported === held || notOurs) {
      this.orphans.delete(liftId);
      return;
    }
    const now = this.ports.now();
    const o = this.orphans.get(liftId);
    if (!o || o.sessionId !== reported) {
      this.orphans.set(liftId, { sessionId: reported, since: now, sentAt: 0 });
      return;
    }
    if (now - o.since < ORPHAN_GRACE_MS || now - o.sentAt < ORPHAN_GRACE_MS) return;
    o.sentAt = now;
    this.ports.request(liftId, { sessionId: reported, requestType: 'endSession' });
    this.ports.record.ended(reported, 'orphan', 'the lift reported a session nobody held', null);
    this.ports.record.event(liftId, 'orphanReleased', { sessionId: reported }, {});
  }
}
