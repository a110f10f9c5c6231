import { randomUUID } from 'node:crypto';
import type { HeldLifts } from './held-lifts.js';
import type { SessionPorts } from './session-ports.js';

/** Operators' sessions: a person drives the lift in robot mode by hand, until they end it or its limit passes. */
export class OperatorSessions {
  constructor(
    private readonly ports: SessionPorts,
    private readonly held: HeldLifts,
  ) {}

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
    const held = this.held.holder(liftId);
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
      this.held.hold(
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
    if (req.requestType === 'humanMode') this.held.unhold(liftId, 'completed', null, actorId);
    return true;
  }

  /** An operator's command, in the lift log with who gave it and why. */
  logCommand(liftId: string, actorId: string, detail: Record<string, unknown>): void {
    this.ports.record.event(liftId, 'command', detail, {
      actorId,
      sessionId: this.held.holder(liftId)?.sessionId,
    });
  }

  /** Ends an operator's session politely; false when the lift is not held by an operator. */
  endOperatorSession(liftId: string, actorId: string): boolean {
    const held = this.held.holder(liftId);
    if (held?.purpose !== 'operator') return false;
    this.ports.request(liftId, { sessionId: held.sessionId, requestType: 'endSession' });
    this.held.unhold(liftId, 'completed', null, actorId);
    return true;
  }

  /** Once a second: an operator session past its limit is ended. */
  tick(): void {
    const now = this.ports.now();
    for (const [liftId, h] of [...this.held.entries()]) {
      if (h.purpose === 'operator' && now >= h.deadline) {
        this.ports.request(liftId, { sessionId: h.sessionId, requestType: 'endSession' });
        this.held.unhold(liftId, 'expired', 'the operator session passed its limit', null);
      }
    }
  }
}
