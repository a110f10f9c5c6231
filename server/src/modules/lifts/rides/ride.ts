import type {
  LiftBlock,
  LiftLanding,
  LiftPolicy,
  LiftReport,
  LiftSessionEnd,
  RidePhase,
  Waypoint,
} from '@fleet/contract';
import { BLOCK_WORDS } from './block-words.js';

/*
 * One robot riding one lift from one floor to another: a state machine with no I/O. The ride manager feeds it
 * what the lift and the robot last reported (and the time), and carries out the effects it answers.
 *
 *   toLanding ─▶ waiting ─▶ calling ─▶ boarding ─▶ riding ─▶ exiting ─▶ toStation ─▶ done
 *        (any step can end in failed; a session, once open, is always ended)
 */

/** How a ride's session ends (a restart's and a leftover's ends are the session manager's). */
export type SessionEnd = Exclude<LiftSessionEnd, 'restart' | 'orphan'>;

export interface Leg {
  orderId: string;
  /** Poses in order, each on its floor's map (`mapId` = floor id); the first is where the leg starts. */
  nodes: Array<Waypoint & { mapId: string; nodeId: string }>;
}

export type RideEffect =
  | { t: 'order'; leg: Leg }
  | { t: 'cancelOrder' }
  | { t: 'openSession'; deadline: number }
  | { t: 'liftRequest'; destinationFloor: string; doorState: 'open' | 'closed' }
  | { t: 'endSession'; reason: SessionEnd; note?: string }
  | { t: 'event'; kind: string; detail: Record<string, unknown> }
  | { t: 'finished' }
  | { t: 'failed'; reason: string };

/** What the ride is given each time it is looked at. */
export interface RideView {
  now: number;
  lift: {
    name: string;
    report: LiftReport | null;
    blocked: LiftBlock | null;
  };
  robot: {
    online: boolean;
    orderId: string | null;
    openNodes: number;
    driving: boolean;
    position: (Waypoint & { mapId: string }) | null;
  };
  /** The manager lets the ride take the lift (the lift is free and the bank below its session limit). */
  granted: boolean;
}

export interface RidePlan {
  rideId: string;
  robotName: string;
  liftId: string;
  from: LiftLanding;
  to: LiftLanding;
  /** The station at the end, on the destination floor. */
  goal: Waypoint & { mapId: string; stationId: string };
  policy: Pick<
    LiftPolicy,
    'doorHoldS' | 'callTimeoutS' | 'boardingTimeoutS' | 'rideTimeoutS' | 'sessionTimeoutS'
  >;
}

/** A block that makes boarding unsafe at once (not just a late or missing report). */
const ALARM: ReadonlySet<LiftBlock> = new Set(['fire', 'emergency', 'offline', 'gatewayOffline', 'stale']);

/** Seconds between repeats of the lift request while holding the doors: well inside the hold. */
const holdEveryMs = (doorHoldS: number) => Math.max(1000, (doorHoldS * 1000) / 2);
/** How often a request not yet answered by the lift's state is sent again. */
const REPEAT_MS = 2000;

/**
 * What a ride must remember to go on elsewhere (LIFTS-RIDES-CARRIED): written as it changes, read by the instance
 * that carries the ride next. When it last asked the lift is left out: the next one asks at once.
 */
export interface RideSnapshot {
  phase: RidePhase;
  note: string | null;
  since: number;
  sessionOpen: boolean;
  /** Null while no session is open (JSON has no infinity). */
  sessionDeadline: number | null;
  legs: { approach: Leg; board: Leg; exit: Leg } | null;
  /** Which leg the robot was last sent. */
  current: (typeof LEG_NAMES)[number] | null;
  waitStartedAt: number | null;
  waitedMs: number;
}

const LEG_NAMES = ['approach', 'board', 'exit'] as const;

export class Ride {
  phase: RidePhase = 'toLanding';
  /** Why the ride is waiting or why it failed, for the console. */
  note: string | null = null;
  /** When the current phase began. */
  private since: number;
  private sessionOpen = false;
  private sessionDeadline = Number.POSITIVE_INFINITY;
  private lastRequestAt = 0;
  private legs: { approach: Leg; board: Leg; exit: Leg } | null = null;
  private current: Leg | null = null;
  private waitStartedAt: number | null = null;
  private waitedMs = 0;

  constructor(
    readonly plan: RidePlan,
    startedAt: number,
  ) {
    this.since = startedAt;
  }

  /** A ride that was running elsewhere, as it was last written. */
  static resume(plan: RidePlan, s: RideSnapshot): Ride {
    const ride = new Ride(plan, s.since);
    ride.phase = s.phase;
    ride.note = s.note;
    ride.sessionOpen = s.sessionOpen;
    ride.sessionDeadline = s.sessionDeadline ?? Number.POSITIVE_INFINITY;
    ride.legs = s.legs;
    ride.current = s.legs && s.current ? s.legs[s.current] : null;
    ride.waitStartedAt = s.waitStartedAt;
    ride.waitedMs = s.waitedMs;
    return ride;
  }

  snapshot(): RideSnapshot {
    const { legs, current } = this;
    return {
      phase: this.phase,
      note: this.note,
      since: this.since,
      sessionOpen: this.sessionOpen,
      sessionDeadline: Number.isFinite(this.sessionDeadline) ? this.sessionDeadline : null,
      legs,
      current: (legs && LEG_NAMES.find((n) => legs[n] === current)) ?? null,
      waitStartedAt: this.waitStartedAt,
      waitedMs: this.waitedMs,
    };
  }

  get holdsSession(): boolean {
    return this.sessionOpen;
  }

  /** Seconds the robot waited at landings for the car (analysis: lift wait). */
  get liftWaitS(): number {
    return this.waitedMs / 1000;
  }

  get over(): boolean {
    return this.phase === 'done' || this.phase === 'failed';
  }

  /** Looks at the lift and the robot and says what to do; call on every change of either and once a second. */
  update(v: RideView): RideEffect[] {
    if (this.over) return [];
    const fx: RideEffect[] = [];
    if (!v.robot.online) return this.fail(fx, v, `${this.plan.robotName} went offline`, 'robotOffline');
    if (this.sessionOpen && v.now >= this.sessionDeadline)
      return this.fail(
        fx,
        v,
        `the lift session passed its ${this.plan.policy.sessionTimeoutS} s limit`,
        'expired',
      );
    switch (this.phase) {
      case 'toLanding':
        return this.toLanding(fx, v);
      case 'waiting':
        return this.waiting(fx, v);
      case 'calling':
        return this.calling(fx, v);
      case 'boarding':
        return this.boarding(fx, v);
      case 'riding':
        return this.riding(fx, v);
      case 'exiting':
        return this.exiting(fx, v);
      case 'toStation':
        if (this.legDone(v)) {
          this.enter('done', v.now);
          fx.push({ t: 'finished' });
        }
        return fx;
      default:
        return fx;
    }
  }

  /** An operator released the lift, or the ride was cancelled: the session ends and the robot stops where it is. */
  abort(now: number, reason: string, end: SessionEnd): RideEffect[] {
    if (this.over) return [];
    const fx: RideEffect[] = [];
    if (this.phase === 'boarding' || this.phase === 'exiting' || this.phase === 'toLanding')
      fx.push({ t: 'cancelOrder' });
    return this.fail(fx, { now }, reason, end);
  }

  private toLanding(fx: RideEffect[], v: RideView): RideEffect[] {
    if (!this.legs) {
      if (!v.robot.position) return this.fail(fx, v, `${this.plan.robotName} has no position`);
      this.legs = legsOf(this.plan, v.robot.position);
      return this.send(fx, this.legs.approach);
    }
    if (!this.legDone(v)) return fx;
    this.enter('waiting', v.now);
    fx.push({ t: 'event', kind: 'waiting', detail: { floor: this.plan.from.floorCode } });
    return this.waiting(fx, v);
  }

  private waiting(fx: RideEffect[], v: RideView): RideEffect[] {
    const { policy } = this.plan;
    if (v.lift.blocked) {
      this.note = `${v.lift.name} ${BLOCK_WORDS[v.lift.blocked]}`;
      if (v.now - this.since >= policy.callTimeoutS * 1000) return this.fail(fx, v, this.note);
      return fx;
    }
    if (!v.granted) {
      this.note = `waiting for ${v.lift.name}`;
      if (v.now - this.since >= policy.sessionTimeoutS * 1000)
        return this.fail(fx, v, `waited ${policy.sessionTimeoutS} s for ${v.lift.name}`);
      return fx;
    }
    this.note = null;
    this.sessionOpen = true;
    this.sessionDeadline = v.now + policy.sessionTimeoutS * 1000;
    fx.push({ t: 'openSession', deadline: this.sessionDeadline });
    fx.push({ t: 'event', kind: 'call', detail: { floor: this.plan.from.floorCode } });
    this.enter('calling', v.now);
    return this.request(fx, v, this.plan.from.floorCode, 'open');
  }

  private calling(fx: RideEffect[], v: RideView): RideEffect[] {
    if (this.alarmed(v)) return this.fail(fx, v, this.note ?? '', 'alarm');
    if (this.carAt(v, this.plan.from.floorCode)) {
      fx.push({
        t: 'event',
        kind: 'arrival',
        detail: { floor: this.plan.from.floorCode, waitedMs: v.now - this.since },
      });
      this.enter('boarding', v.now);
      this.send(fx, this.legsOrThrow().board);
      return this.request(fx, v, this.plan.from.floorCode, 'open');
    }
    if (v.now - this.since >= this.plan.policy.callTimeoutS * 1000)
      return this.fail(
        fx,
        v,
        `${v.lift.name} did not arrive within ${this.plan.policy.callTimeoutS} s`,
        'timeout',
      );
    return this.repeat(fx, v, this.plan.from.floorCode, 'open', REPEAT_MS);
  }

  private boarding(fx: RideEffect[], v: RideView): RideEffect[] {
    if (this.alarmed(v)) {
      // Never board during an alarm: stop the robot where it is.
      fx.push({ t: 'cancelOrder' });
      return this.fail(fx, v, this.note ?? '', 'alarm');
    }
    if (this.legDone(v)) {
      fx.push({ t: 'event', kind: 'boarded', detail: { floor: this.plan.from.floorCode } });
      this.enter('riding', v.now);
      return this.request(fx, v, this.plan.to.floorCode, 'open');
    }
    if (v.now - this.since >= this.plan.policy.boardingTimeoutS * 1000) {
      fx.push({ t: 'cancelOrder' });
      return this.fail(
        fx,
        v,
        `${this.plan.robotName} did not board within ${this.plan.policy.boardingTimeoutS} s`,
        'timeout',
      );
    }
    return this.hold(fx, v, this.plan.from.floorCode);
  }

  private riding(fx: RideEffect[], v: RideView): RideEffect[] {
    if (this.alarmed(v))
      return this.fail(fx, v, `${this.note ?? ''} with ${this.plan.robotName} in the car`, 'alarm');
    if (this.carAt(v, this.plan.to.floorCode)) {
      fx.push({
        t: 'event',
        kind: 'arrival',
        detail: { floor: this.plan.to.floorCode, rideMs: v.now - this.since },
      });
      this.enter('exiting', v.now);
      this.send(fx, this.legsOrThrow().exit);
      return this.request(fx, v, this.plan.to.floorCode, 'open');
    }
    if (v.now - this.since >= this.plan.policy.rideTimeoutS * 1000)
      return this.fail(
        fx,
        v,
        `${v.lift.name} did not reach ${this.plan.to.floorCode} within ${this.plan.policy.rideTimeoutS} s with ${this.plan.robotName} in the car`,
        'timeout',
      );
    return this.repeat(fx, v, this.plan.to.floorCode, 'open', REPEAT_MS);
  }

  private exiting(fx: RideEffect[], v: RideView): RideEffect[] {
    // The exit leg ends at the outside waypoint; the robot is out once it has passed the first two nodes.
    if (this.outOfCar(v)) {
      fx.push({ t: 'event', kind: 'exited', detail: { floor: this.plan.to.floorCode } });
      this.sessionOpen = false;
      fx.push({ t: 'endSession', reason: 'completed' });
      this.enter('toStation', v.now);
      if (this.legDone(v)) {
        this.enter('done', v.now);
        fx.push({ t: 'finished' });
      }
      return fx;
    }
    if (v.now - this.since >= this.plan.policy.boardingTimeoutS * 1000)
      return this.fail(
        fx,
        v,
        `${this.plan.robotName} did not leave the car within ${this.plan.policy.boardingTimeoutS} s`,
        'timeout',
      );
    return this.hold(fx, v, this.plan.to.floorCode);
  }

  /** The car stands at the floor with its doors open for this ride's session. */
  private carAt(v: RideView, floor: string): boolean {
    const r = v.lift.report;
    return (
      r !== null &&
      r.currentFloor === floor &&
      r.doorState === 'open' &&
      r.motion === 'stopped' &&
      r.currentMode === 'agv' &&
      r.sessionId === this.plan.rideId
    );
  }

  private alarmed(v: RideView): boolean {
    if (!v.lift.blocked || !ALARM.has(v.lift.blocked)) return false;
    this.note = `${v.lift.name} ${BLOCK_WORDS[v.lift.blocked]}`;
    return true;
  }

  private legDone(v: RideView): boolean {
    return (
      this.current !== null &&
      v.robot.orderId === this.current.orderId &&
      v.robot.openNodes === 0 &&
      !v.robot.driving
    );
  }

  /** Out of the car: the exit leg's robot has left the inside node behind (two or fewer nodes to go). */
  private outOfCar(v: RideView): boolean {
    const leg = this.current;
    if (!leg || v.robot.orderId !== leg.orderId) return false;
    return v.robot.openNodes <= leg.nodes.length - 2;
  }

  private send(fx: RideEffect[], leg: Leg): RideEffect[] {
    this.current = leg;
    fx.push({ t: 'order', leg });
    return fx;
  }

  private request(fx: RideEffect[], v: RideView, floor: string, doorState: 'open' | 'closed'): RideEffect[] {
    this.lastRequestAt = v.now;
    fx.push({ t: 'liftRequest', destinationFloor: floor, doorState });
    return fx;
  }

  private repeat(fx: RideEffect[], v: RideView, floor: string, door: 'open' | 'closed', everyMs: number) {
    return v.now - this.lastRequestAt >= everyMs ? this.request(fx, v, floor, door) : fx;
  }

  /** Keeps the doors open while the robot boards or leaves, logging each hold. */
  private hold(fx: RideEffect[], v: RideView, floor: string): RideEffect[] {
    if (v.now - this.lastRequestAt < holdEveryMs(this.plan.policy.doorHoldS)) return fx;
    fx.push({ t: 'event', kind: 'doorHold', detail: { floor } });
    return this.request(fx, v, floor, 'open');
  }

  private fail(fx: RideEffect[], v: { now: number }, reason: string, end: SessionEnd = 'cancelled') {
    if (this.sessionOpen) {
      this.sessionOpen = false;
      fx.push({ t: 'endSession', reason: end, note: reason });
    }
    fx.push({ t: 'event', kind: 'rideFailed', detail: { reason, phase: this.phase, end } });
    this.note = reason;
    this.enter('failed', v.now);
    fx.push({ t: 'failed', reason });
    return fx;
  }

  private enter(phase: RidePhase, now: number): void {
    // The wait for the car runs from the first call (or queueing for the bank) to boarding.
    if ((phase === 'waiting' || phase === 'calling') && this.waitStartedAt === null) this.waitStartedAt = now;
    if (phase === 'boarding' && this.waitStartedAt !== null) {
      this.waitedMs += now - this.waitStartedAt;
      this.waitStartedAt = null;
    }
    this.phase = phase;
    this.since = now;
  }

  private legsOrThrow() {
    if (!this.legs) throw new Error('ride legs are planned when the ride starts');
    return this.legs;
  }
}

/**
 * The three orders of a ride: to the landing outside the car on the first floor; into the car; and, on the
 * destination floor's map, from the car to its landing and on to the station. The exit order starts on another
 * map than the robot was on: the robot takes up the car's position on the destination floor (docs/protocols.md).
 */
export function legsOf(
  plan: RidePlan,
  start: Waypoint & { mapId: string },
): { approach: Leg; board: Leg; exit: Leg } {
  const A = plan.from.floorId;
  const B = plan.to.floorId;
  const leg = (name: string, nodes: Array<Waypoint & { mapId: string; id: string }>): Leg => {
    const orderId = `ride-${plan.rideId}-${name}`;
    return { orderId, nodes: nodes.map(({ id, ...p }) => ({ ...p, nodeId: `${orderId}-${id}` })) };
  };
  return {
    approach: leg('approach', [
      { ...start, id: 'start' },
      { ...plan.from.outside, mapId: A, id: 'landing' },
    ]),
    board: leg('board', [
      { ...plan.from.outside, mapId: A, id: 'landing' },
      { ...plan.from.inside, mapId: A, id: 'car' },
    ]),
    exit: leg('exit', [
      { ...plan.to.inside, mapId: B, id: 'car' },
      { ...plan.to.outside, mapId: B, id: 'landing' },
      {
        x: plan.goal.x,
        y: plan.goal.y,
        theta: plan.goal.theta,
        mapId: B,
        id: `station-${plan.goal.stationId}`,
      },
    ]),
  };
}
