import type { LiftLiveView, LiveLift } from '@fleet/contract';
import type { LiftSessions } from './rides/lift-sessions.js';

/** A lift as /elevator shows it: its live state, who holds it and since when, and the robots waiting for it. */
export function liftLiveViewOf(sessions: LiftSessions, live: LiveLift): LiftLiveView {
  const h = sessions.holder(live.id);
  return {
    ...live,
    holder: h
      ? {
          sessionId: h.sessionId,
          purpose: h.purpose,
          robotIds: h.robotIds,
          since: new Date(h.since).toISOString(),
          deadline: new Date(h.deadline).toISOString(),
          openedBy: h.openedBy,
        }
      : null,
    waiting: sessions
      .waiting(live.id)
      .map((w) => ({ robotId: w.robotId, since: new Date(w.since).toISOString(), note: w.note })),
  };
}
