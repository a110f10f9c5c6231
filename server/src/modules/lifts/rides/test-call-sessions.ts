import { randomUUID } from 'node:crypto';
import type { HeldLifts } from './held-lifts.js';
import type { SessionPorts } from './session-ports.js';
import { TestCall, type TestCallResult } from './test-call.js';

interface TestEntry {
  call: TestCall;
  liftId: string;
  done(result: TestCallResult): void;
}

/** Test calls: an operator sends the car to a floor and back in a session of its own, and hears how it went. */
export class TestCallSessions {
  private readonly tests = new Map<string, TestEntry>();

  constructor(
    private readonly ports: SessionPorts,
    private readonly held: HeldLifts,
  ) {}

  /** Calls the car to a floor and back; refused (null) while the lift is held. */
  testCall(
    liftId: string,
    floor: string,
    timeoutMs: number,
    actorId: string,
  ): Promise<TestCallResult> | null {
    if (this.held.has(liftId) || this.ports.heldElsewhere?.(liftId)) return null;
    const sessionId = randomUUID();
    const now = this.ports.now();
    const call = new TestCall(sessionId, floor, timeoutMs, now);
    this.held.hold(
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

  /** Fails the test call holding a lift an operator released, if that session is one; its session is the caller's. */
  forceRelease(sessionId: string, note: string): void {
    const test = this.tests.get(sessionId);
    if (test) {
      this.tests.delete(sessionId);
      test.done({
        passed: false,
        floor: test.call.floor,
        latencyMs: null,
        firstAnswerMs: null,
        reason: note,
        report: null,
      });
    }
  }

  /** A lift's state changed. */
  onLift(liftId: string): void {
    for (const [id, t] of this.tests) if (t.liftId === liftId) this.advanceTest(id);
  }

  /** Once a second: timeouts do not wait for a message. */
  tick(): void {
    for (const id of [...this.tests.keys()]) this.advanceTest(id);
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
        this.held.unhold(t.liftId, 'completed', null, null);
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
}
