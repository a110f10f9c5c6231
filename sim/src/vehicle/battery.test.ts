import { describe, expect, it } from 'vitest';
import { newVehicle, orderThrough, run, testParams } from '../test-support/drive.js';
import { acceptOrder } from './order-execution.js';
import type { Station } from './types.js';

const charger: Station = { id: 'charger-1', x: 5, y: 0, theta: 0, charger: true };

describe('battery', () => {
  it.each([
    { name: 'drains slowly when idle', start: 80, seconds: 100, expected: 80 - 100 * testParams.drainIdle },
    {
      name: 'drains faster when driving',
      start: 80,
      seconds: 10,
      order: true,
      expected: 80 - 10 * testParams.drainDriving,
    },
    {
      name: 'charges while charging',
      start: 40,
      seconds: 20,
      charging: true,
      expected: 40 + 20 * testParams.chargeRate,
    },
    // Full after 2 s, then 8 s of standing.
    {
      name: 'stops charging when full',
      start: 99,
      seconds: 10,
      charging: true,
      expected: 100 - 8 * testParams.drainIdle,
      chargingAfter: false,
    },
    { name: 'never drops below 0', start: 0.001, seconds: 10, expected: 0 },
  ])('$name', ({ start, seconds, order, charging, expected, chargingAfter }) => {
    const v = newVehicle(0, 0, 0, start);
    if (order)
      acceptOrder(
        v,
        orderThrough('o1', [
          [0, 0],
          [100, 0],
        ]),
      );
    v.charging = charging ?? false;
    // Keep the idle robot from heading for a charger: this table is about the drain/charge rates.
    run(v, seconds, { ...testParams, lowBattery: 0 });
    expect(v.battery).toBeCloseTo(expected, 1);
    if (chargingAfter !== undefined) expect(v.charging).toBe(chargingAfter);
  });

  it('an idle robot below 20 % drives to the nearest charger and charges there', () => {
    const far: Station = { id: 'charger-2', x: 50, y: 50, charger: true };
    const v = newVehicle(0, 0, 0, 19.5);
    run(v, 0.1, { ...testParams, chargers: [far, charger] });
    expect(v.orderId).toBe('charge-1');
    expect(v.charging).toBe(false);
    run(v, 7, { ...testParams, chargers: [far, charger] });
    expect(v.pose.x).toBeCloseTo(5, 2);
    expect(v.lastNodeId).toBe('charger-1');
    expect(v.charging).toBe(true);
    const before = v.battery;
    run(v, 10, { ...testParams, chargers: [charger] });
    expect(v.battery).toBeGreaterThan(before);
  });

  it.each([
    { name: 'without a charger it charges where it stands', chargers: [], battery: 10 },
    { name: 'with an empty battery it charges where it stands', chargers: [charger], battery: 0 },
  ])('$name', ({ chargers, battery }) => {
    const v = newVehicle(1, 1, 0, battery);
    run(v, 0.1, { ...testParams, chargers });
    expect(v.charging).toBe(true);
    expect(v.nodeStates).toEqual([]);
  });

  it('a busy robot finishes its order before going to charge', () => {
    const v = newVehicle(0, 0, 0, 19);
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [0, 3],
      ]),
    );
    run(v, 1, { ...testParams, chargers: [charger] });
    expect(v.orderId).toBe('o1');
    run(v, 4, { ...testParams, chargers: [charger] });
    expect(v.orderId).toBe('charge-1');
  });

  it('an empty battery stops the robot', () => {
    const v = newVehicle(0, 0, 0, 0.05);
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [100, 0],
      ]),
    );
    run(v, 5);
    const x = v.pose.x;
    run(v, 5);
    expect(v.battery).toBe(0);
    expect(v.pose.x).toBe(x);
    expect(v.driving).toBe(false);
  });
});
