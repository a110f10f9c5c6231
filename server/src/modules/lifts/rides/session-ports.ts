import type { LiftBlock, LiftReport, LiftRequestType } from '@fleet/contract';
import type { Leg, RideSnapshot, RideView, SessionEnd } from './ride.js';

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
