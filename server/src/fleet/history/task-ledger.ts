import type { TaskResult } from '@fleet/contract';

/** What the ledger reads of a robot: the live store's facts, read in place on every message. */
export interface OrderFacts {
  readonly orderId: string | null;
  readonly openNodes: number;
  readonly driving: boolean;
  readonly position: { x: number; y: number; mapId: string } | null;
  /** Looked at only when an order ends: a finished cancelOrder makes it cancelled, a fatal error failed. */
  readonly actionStates: readonly { actionType?: string; actionStatus: string }[];
  readonly errors: readonly { errorLevel: string }[];
}

export interface FinishedTask {
  orderId: string;
  startedAt: number;
  endedAt: number;
  result: TaskResult;
  distanceM: number;
}

interface Open {
  orderId: string;
  startedAt: number;
  distanceM: number;
  last: { x: number; y: number; mapId: string } | null;
}

/**
 * Follows each robot's order from the first state that names it to the state where nothing is left to
 * drive, adding up the distance between positions on the way.
 */
export class TaskLedger {
  private readonly open = new Map<string, Open>();

  observe(robotId: string, f: OrderFacts, now: number): FinishedTask | null {
    let task = this.open.get(robotId);
    let finished: FinishedTask | null = null;
    if (task && f.orderId !== task.orderId) {
      // Another order (or none) took over before this one was done.
      finished = this.close(robotId, task, now, 'interrupted');
      task = undefined;
    }
    if (!task && f.orderId && (f.openNodes > 0 || f.driving)) {
      task = { orderId: f.orderId, startedAt: now, distanceM: 0, last: f.position };
      this.open.set(robotId, task);
      return finished;
    }
    if (!task) return finished;
    if (f.position && task.last && f.position.mapId === task.last.mapId) {
      task.distanceM += Math.hypot(f.position.x - task.last.x, f.position.y - task.last.y);
    }
    task.last = f.position ?? task.last;
    if (f.openNodes === 0 && !f.driving) {
      const result: TaskResult = f.errors.some((e) => e.errorLevel === 'FATAL')
        ? 'failed'
        : f.actionStates.some((a) => a.actionType === 'cancelOrder' && a.actionStatus === 'FINISHED')
          ? 'cancelled'
          : 'completed';
      return this.close(robotId, task, now, result);
    }
    return finished;
  }

  private close(robotId: string, t: Open, now: number, result: TaskResult): FinishedTask {
    this.open.delete(robotId);
    return { orderId: t.orderId, startedAt: t.startedAt, endedAt: now, result, distanceM: t.distanceM };
  }
}
