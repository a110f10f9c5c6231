import { SimLift } from '@fleet/sim';
import { describe, expect, it } from 'vitest';
import { TestCall, type TestCallEffect, type TestCallResult } from './test-call.js';

const T0 = 1_800_000_000_000;

function run(lift: SimLift, call: TestCall, block: () => null | 'fire' = () => null): TestCallResult {
  let now = T0;
  const apply = (fx: TestCallEffect[]) => {
    for (const e of fx) {
      if (e.t === 'liftRequest')
        lift.request({
          sessionId: call.sessionId,
          requestType: 'agvMode',
          ...e,
          timestamp: new Date(now).toISOString(),
        });
      if (e.t === 'endSession')
        lift.request({
          sessionId: call.sessionId,
          requestType: 'endSession',
          timestamp: new Date(now).toISOString(),
        });
      if (e.t === 'done') result = e.result;
    }
  };
  let result: TestCallResult | null = null;
  apply(call.start());
  while (!call.over) {
    now += 100;
    lift.step(0.1);
    const s = lift.state(now);
    apply(call.update(now, s, block()));
  }
  if (!result) throw new Error('no result');
  return result;
}

describe('test call (LIFTS-TEST-CALL)', () => {
  it('calls the car, sees its doors open at the floor, gives the latency and releases the car', () => {
    const lift = new SimLift('A', ['L', '2', '12'], { floorTravelS: 1, doorS: 1, humanDwellS: 3 }, '12');
    const r = run(lift, new TestCall('t1', 'L', 30_000, T0));
    expect(r).toMatchObject({ passed: true, floor: 'L', reason: null, firstAnswerMs: 100 });
    // Two floors down (2 s) and the doors opening (1 s).
    expect(r.latencyMs).toBeGreaterThanOrEqual(3000);
    expect(r.latencyMs).toBeLessThan(3500);
    expect(lift.state(T0).sessionId).toBeNull();
  });

  it('fails when no state answers within the timeout', () => {
    const lift = new SimLift('A', ['L', '12']);
    lift.setMode('offline');
    const r = run(lift, new TestCall('t1', '12', 5000, T0));
    expect(r).toMatchObject({
      passed: false,
      latencyMs: null,
      reason: 'no state answered the call within 5 s',
    });
  });

  it('fails at once when the lift goes into fire mode', () => {
    const lift = new SimLift('A', ['L', '12'], { floorTravelS: 5, doorS: 1, humanDwellS: 3 });
    let t = 0;
    const r = run(lift, new TestCall('t1', '12', 30_000, T0), () => (++t > 10 ? 'fire' : null));
    expect(r).toMatchObject({ passed: false, reason: 'the lift is in fire mode' });
  });
});
