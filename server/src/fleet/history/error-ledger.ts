import { randomUUID } from 'node:crypto';

export interface ErrorOpened {
  id: string;
  robotId: string;
  code: string;
  level: string;
  description: string | null;
  startedAt: number;
}

export interface ErrorClosed {
  id: string;
  code: string;
  endedAt: number;
}

/**
 * Turns the errors a robot lists in each state message into events: an error (by its errorType) opens when it
 * first appears and closes when it is no longer listed. The row id is made here so the close can find it.
 */
export class ErrorLedger {
  private readonly open = new Map<string, Map<string, string>>();

  observe(
    robotId: string,
    errors: readonly { errorType?: string; errorLevel: string; errorDescription?: string }[],
    now: number,
  ): { opened: ErrorOpened[]; closed: ErrorClosed[] } {
    const held = this.open.get(robotId) ?? new Map<string, string>();
    const opened: ErrorOpened[] = [];
    const seen = new Set<string>();
    for (const e of errors) {
      const code = e.errorType || 'unknown';
      seen.add(code);
      if (held.has(code)) continue;
      const id = randomUUID();
      held.set(code, id);
      opened.push({
        id,
        robotId,
        code,
        level: e.errorLevel,
        description: e.errorDescription ?? null,
        startedAt: now,
      });
    }
    const closed: ErrorClosed[] = [];
    for (const [code, id] of held) {
      if (seen.has(code)) continue;
      held.delete(code);
      closed.push({ id, code, endedAt: now });
    }
    if (held.size) this.open.set(robotId, held);
    else this.open.delete(robotId);
    return { opened, closed };
  }
}
