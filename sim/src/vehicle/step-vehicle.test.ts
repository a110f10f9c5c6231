import { describe, expect, it } from 'vitest';
import { newVehicle, orderThrough, run, testParams } from '../test-support/drive.js';
import { acceptOrder } from './order-execution.js';

describe('random obstacles', () => {
  const params = { ...testParams, errorProbabilityPerSecond: 0.5, errorDuration: [2, 3] as [number, number] };

  it('stop a driving robot with an obstacleDetected WARNING that clears after a few seconds', () => {
    const v = newVehicle();
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [1000, 0],
      ]),
    );
    let seen = false;
    let stoodStill = false;
    for (let i = 0; i < 100 && !seen; i++) {
      run(v, 0.1, params, 0.1, i);
      if (v.errors.length > 0) {
        seen = true;
        expect(v.errors).toEqual([
          expect.objectContaining({ errorType: 'obstacleDetected', errorLevel: 'WARNING' }),
        ]);
        expect(v.driving).toBe(false);
        const x = v.pose.x;
        run(v, 1.5, { ...params, errorProbabilityPerSecond: 0 });
        stoodStill = v.pose.x === x;
      }
    }
    expect(seen).toBe(true);
    expect(stoodStill).toBe(true);
    run(v, 3, { ...params, errorProbabilityPerSecond: 0 });
    expect(v.errors).toEqual([]);
    expect(v.driving).toBe(true);
  });

  it('never happen to a robot standing still', () => {
    const v = newVehicle();
    run(v, 100, params);
    expect(v.errors).toEqual([]);
  });
});
