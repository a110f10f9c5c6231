import type { LiftBlock, LiftReport } from '@fleet/contract';
import { BLOCK_WORDS } from './block-words.js';

/** What a test call saw: passed, or why not, with the time from the call to the doors open. */
export interface TestCallResult {
  passed: boolean;
  floor: string;
  /** From the request to the state showing the car at the floor with its doors open. */
  latencyMs: number | null;
  /** The first state answering the request, and the last one seen. */
  firstAnswerMs: number | null;
  reason: string | null;
  report: LiftReport | null;
}

export type TestCallEffect =
  | { t: 'liftRequest'; destinationFloor: string; doorState: 'open' }
  | { t: 'endSession' }
  | { t: 'done'; result: TestCallResult };

/**
 * The test call of /elevator/config: calls the car to a floor in `agv` mode, waits for its doors to open there,
 * reads the state back and releases the car. A lift may be enabled for robots only after one passed since its last
 * change.
 */
export class TestCall {
  private readonly startedAt: number;
  private firstAnswerAt: number | null = null;
  private lastRequestAt: number;
  private finished = false;

  constructor(
    readonly sessionId: string,
    readonly floor: string,
    private readonly timeoutMs: number,
    now: number,
  ) {
    this.startedAt = now;
    this.lastRequestAt = now;
  }

  get over(): boolean {
    return this.finished;
  }

  start(): TestCallEffect[] {
    return [{ t: 'liftRequest', destinationFloor: this.floor, doorState: 'open' }];
  }

  update(now: number, report: LiftReport | null, blocked: LiftBlock | null): TestCallEffect[] {
    if (this.finished) return [];
    if (report?.sessionId === this.sessionId && this.firstAnswerAt === null) this.firstAnswerAt = now;
    if (blocked && blocked !== 'notEnabled' && blocked !== 'outOfService')
      return this.finish(now, report, `the lift ${BLOCK_WORDS[blocked]}`);
    if (
      report &&
      report.sessionId === this.sessionId &&
      report.currentFloor === this.floor &&
      report.doorState === 'open' &&
      report.motion === 'stopped'
    )
      return this.finish(now, report, null);
    if (now - this.startedAt >= this.timeoutMs)
      return this.finish(
        now,
        report,
        this.firstAnswerAt === null
          ? `no state answered the call within ${this.timeoutMs / 1000} s`
          : `the doors did not open at ${this.floor} within ${this.timeoutMs / 1000} s`,
      );
    if (now - this.lastRequestAt >= 2000) {
      this.lastRequestAt = now;
      return this.start();
    }
    return [];
  }

  private finish(now: number, report: LiftReport | null, reason: string | null): TestCallEffect[] {
    this.finished = true;
    const result: TestCallResult = {
      passed: reason === null,
      floor: this.floor,
      latencyMs: reason === null ? now - this.startedAt : null,
      firstAnswerMs: this.firstAnswerAt === null ? null : this.firstAnswerAt - this.startedAt,
      reason,
      report,
    };
    return [{ t: 'endSession' }, { t: 'done', result }];
  }
}
