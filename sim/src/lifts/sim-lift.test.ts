import { describe, expect, it } from 'vitest';
import { SimLift } from './sim-lift.js';

const T = 1_800_000_000_000;
const at = (lift: SimLift) => lift.state(T);
const req = (over: Record<string, unknown>) => ({
  sessionId: 's1',
  requestType: 'agvMode' as const,
  timestamp: new Date(T).toISOString(),
  ...over,
});

/** Steps the car in 100 ms slices until `done` or `maxS` seconds; answers the seconds it took. */
function runUntil(lift: SimLift, done: () => boolean, maxS = 120): number {
  let t = 0;
  while (!done() && t < maxS) {
    lift.step(0.1);
    t += 0.1;
  }
  return Math.round(t * 10) / 10;
}

describe('simulated lift', () => {
  it('serves a session: goes to the floor asked, opens there, holds the doors, closes when asked', () => {
    const lift = new SimLift('A', ['B1', 'L', '2', '12'], { floorTravelS: 2, doorS: 1, humanDwellS: 4 }, 'L');
    expect(lift.request(req({ destinationFloor: '12', doorState: 'open' }))).toBe(true);
    expect(at(lift)).toMatchObject({
      currentMode: 'agv',
      sessionId: 's1',
      destinationFloor: '12',
      motion: 'up',
    });
    const took = runUntil(lift, () => at(lift).doorState === 'open');
    // Two floors of travel (4 s) and the doors opening (1 s).
    expect(took).toBeCloseTo(5, 0);
    expect(at(lift)).toMatchObject({ currentFloor: '12', destinationFloor: null, motion: 'stopped' });
    lift.step(30);
    expect(at(lift).doorState).toBe('open');
    lift.request(req({ destinationFloor: 'B1', doorState: 'open' }));
    lift.step(0.5);
    expect(at(lift)).toMatchObject({ doorState: 'moving', motion: 'stopped' });
    runUntil(lift, () => at(lift).currentFloor === 'B1' && at(lift).doorState === 'open');
    expect(lift.request(req({ requestType: 'endSession' }))).toBe(true);
    expect(at(lift)).toMatchObject({ currentMode: 'human', sessionId: null });
  });

  it('serves one session at a time and refuses a floor it does not serve', () => {
    const lift = new SimLift('A', ['L', '12']);
    expect(lift.request(req({ destinationFloor: 'L' }))).toBe(true);
    expect(lift.request(req({ sessionId: 's2', destinationFloor: '12' }))).toBe(false);
    expect(lift.request(req({ sessionId: 's2', requestType: 'endSession' }))).toBe(false);
    expect(lift.request(req({ destinationFloor: '99' }))).toBe(false);
    expect(at(lift).sessionId).toBe('s1');
  });

  it('in fire mode drops the session, returns to its first floor, opens and takes no request', () => {
    const lift = new SimLift('A', ['L', '2', '12'], { floorTravelS: 1, doorS: 1, humanDwellS: 4 }, '12');
    lift.request(req({ destinationFloor: '12', doorState: 'closed' }));
    lift.setMode('fire');
    expect(at(lift)).toMatchObject({ currentMode: 'fire', sessionId: null, destinationFloor: 'L' });
    expect(lift.request(req({ destinationFloor: '2' }))).toBe(false);
    runUntil(lift, () => at(lift).doorState === 'open');
    expect(at(lift).currentFloor).toBe('L');
  });

  it('in human mode closes its doors by itself after the dwell', () => {
    const lift = new SimLift('A', ['L', '12'], { floorTravelS: 1, doorS: 1, humanDwellS: 3 });
    lift.call('12');
    runUntil(lift, () => at(lift).doorState === 'open');
    const open = runUntil(lift, () => at(lift).doorState !== 'open');
    expect(open).toBeCloseTo(3, 0);
    runUntil(lift, () => at(lift).doorState === 'closed');
    expect(at(lift)).toMatchObject({ currentFloor: '12', motion: 'stopped' });
  });

  it('says when its state changed, and only then', () => {
    const lift = new SimLift('A', ['L', '12']);
    expect(lift.takeChanged()).toBe(true);
    lift.step(1);
    expect(lift.takeChanged()).toBe(false);
    lift.call('12');
    expect(lift.takeChanged()).toBe(true);
  });
});
