import type { SessionEnd } from './ride.js';
import type { SessionPorts, SessionPurpose } from './session-ports.js';

/** Who holds a lift now. */
export interface LiftHolder {
  sessionId: string;
  purpose: SessionPurpose;
  robotIds: string[];
  since: number;
  deadline: number;
  openedBy: string | null;
}

/** A session the lift reports that nobody here holds is released after this long (a restart's leftover). */
const ORPHAN_GRACE_MS = 5000;

/**
 * Who holds each lift: one holder per lift, whatever the session's purpose; holding and letting go are recorded.
 * Sessions a lift reports that nobody holds (after a restart of the server or of the gateway) are ended, so no lift
 * stays locked.
 */
export class HeldLifts {
  private readonly holders = new Map<string, LiftHolder>();
  /** When each lift was first seen reporting a session nobody holds. */
  private readonly orphans = new Map<string, { sessionId: string; since: number; sentAt: number }>();

  /** `freed` hears that a lift was let go: whoever waits for a lift may try again. */
  constructor(
    private readonly ports: SessionPorts,
    private readonly freed: () => void,
  ) {}

  holder(liftId: string): LiftHolder | undefined {
    return this.holders.get(liftId);
  }

  has(liftId: string): boolean {
    return this.holders.has(liftId);
  }

  /** Every held lift with its holder. */
  entries(): IterableIterator<[string, LiftHolder]> {
    return this.holders.entries();
  }

  liftIds(): IterableIterator<string> {
    return this.holders.keys();
  }

  hold(liftId: string, h: LiftHolder, phase: string, fromFloor: string | null, toFloor: string | null): void {
    this.holders.set(liftId, h);
    this.orphans.delete(liftId);
    this.ports.record.opened({ ...h, liftId, phase, fromFloor, toFloor });
  }

  /** Holds a lift for a session another instance opened: its row is the caller's to take over, none is written. */
  takeOver(liftId: string, h: LiftHolder): void {
    this.holders.set(liftId, h);
  }

  unhold(liftId: string, reason: SessionEnd, note: string | null, endedBy: string | null): void {
    const h = this.holders.get(liftId);
    if (!h) return;
    this.holders.delete(liftId);
    this.ports.record.ended(h.sessionId, reason, note, endedBy);
    this.ports.record.event(liftId, 'sessionEnded', { reason, note }, { sessionId: h.sessionId });
    // Whoever waits for this lift may go now.
    this.freed();
  }

  /** Looks again at every lift seen reporting a session nobody holds. */
  checkOrphans(): void {
    for (const liftId of this.orphans.keys()) this.checkOrphan(liftId);
  }

  /** Ends a session the lift reports that nobody here holds, once it has lasted the grace period. */
  checkOrphan(liftId: string): void {
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
