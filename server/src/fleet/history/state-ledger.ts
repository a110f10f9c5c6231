import type { RobotStatus, StateKind } from '@fleet/contract';

/** A closed piece of a robot's time in one state. */
export interface StatePiece {
  robotId: string;
  state: StateKind;
  startedAt: number;
  endedAt: number;
  errorCodes: string[];
}

/** A state that lasts is written in pieces this long, so a day's figures lag the robot by at most this. */
export const PIECE_MS = 15 * 60_000;

interface Current {
  state: StateKind;
  since: number;
  codes: string[];
  key: string;
}

/** The live status names the analysis states one for one. */
const STATE_OF: Record<RobotStatus, StateKind> = {
  offline: 'offline',
  error: 'error',
  paused: 'paused',
  charging: 'charging',
  working: 'working',
  idle: 'idle',
};

/**
 * Cuts each robot's time into states from its live status: a piece closes when the status (or, in the error
 * state, the set of error codes) changes, and a state that lasts is cut every PIECE_MS so it reaches the
 * figures without waiting for a change. Pieces of one robot never overlap and leave no gap while it is known.
 */
export class StateLedger {
  private readonly current = new Map<string, Current>();

  observe(
    robotId: string,
    status: RobotStatus,
    errors: readonly { errorType?: string }[],
    now: number,
  ): StatePiece | null {
    const state = STATE_OF[status];
    const codes =
      state === 'error' ? [...new Set(errors.map((e) => e.errorType ?? '').filter(Boolean))].sort() : [];
    const key = `${state}|${codes.join(',')}`;
    const held = this.current.get(robotId);
    if (held?.key === key) return null;
    this.current.set(robotId, { state, since: now, codes, key });
    return held && now > held.since ? piece(robotId, held, now) : null;
  }

  /** Closes the pieces that have lasted PIECE_MS and goes on from `now` in the same states. */
  cut(now: number): StatePiece[] {
    const out: StatePiece[] = [];
    for (const [robotId, held] of this.current) {
      if (now - held.since < PIECE_MS) continue;
      out.push(piece(robotId, held, now));
      held.since = now;
    }
    return out;
  }

  /** Cuts the pieces of the robots `pick` chooses now, whatever their length (the robot changes hands). */
  cutWhere(pick: (robotId: string) => boolean, now: number): StatePiece[] {
    const out: StatePiece[] = [];
    for (const [robotId, held] of this.current) {
      if (now <= held.since || !pick(robotId)) continue;
      out.push(piece(robotId, held, now));
      held.since = now;
    }
    return out;
  }

  /** Closes every piece (the server stops): what follows is unknown until the robots speak again. */
  closeAll(now: number): StatePiece[] {
    const out: StatePiece[] = [];
    for (const [robotId, held] of this.current) if (now > held.since) out.push(piece(robotId, held, now));
    this.current.clear();
    return out;
  }

  /** A robot removed from the fleet: its open piece ends now. */
  forget(robotId: string, now: number): StatePiece | null {
    const held = this.current.get(robotId);
    this.current.delete(robotId);
    return held && now > held.since ? piece(robotId, held, now) : null;
  }
}

function piece(robotId: string, c: Current, endedAt: number): StatePiece {
  return { robotId, state: c.state, startedAt: c.since, endedAt, errorCodes: c.codes };
}
