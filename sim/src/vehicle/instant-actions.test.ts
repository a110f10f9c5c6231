import { describe, expect, it } from 'vitest';
import { createRng } from '../prng.js';
import { newVehicle, orderThrough, testParams } from '../test-support/drive.js';
import { KEPT_INSTANT_STATES, receiveInstantActions } from './instant-actions.js';
import { acceptOrder } from './order-execution.js';
import { stepVehicle } from './step-vehicle.js';
import type { Vehicle } from './types.js';

/** The status the action shows after receipt and after each of the next steps. */
function statuses(v: Vehicle, actionType: string, steps = 3): string[] {
  const rng = createRng(1);
  receiveInstantActions(v, [{ actionId: 'a1', actionType, blockingType: 'HARD' }]);
  const seen = [v.actionStates.find((s) => s.actionId === 'a1')?.actionStatus ?? 'missing'];
  for (let i = 0; i < steps; i++) {
    stepVehicle(v, 0.1, testParams, rng);
    seen.push(v.actionStates.find((s) => s.actionId === 'a1')?.actionStatus ?? 'missing');
  }
  return seen;
}

const done = ['WAITING', 'RUNNING', 'FINISHED', 'FINISHED'];
const failed = ['WAITING', 'FAILED', 'FAILED', 'FAILED'];
const withOrder = (v: Vehicle) =>
  acceptOrder(
    v,
    orderThrough('o1', [
      [0, 0],
      [50, 0],
    ]),
  );

describe('instant actions', () => {
  it.each([
    { actionType: 'startPause', expected: done, check: (v: Vehicle) => v.paused },
    {
      actionType: 'stopPause',
      setup: (v: Vehicle) => {
        v.paused = true;
      },
      expected: done,
      check: (v: Vehicle) => !v.paused,
    },
    {
      actionType: 'cancelOrder',
      setup: withOrder,
      expected: done,
      check: (v: Vehicle) => v.nodeStates.length === 0,
    },
    { actionType: 'cancelOrder', expected: failed, result: 'noOrderToCancel' },
    { actionType: 'startCharging', expected: done, check: (v: Vehicle) => v.charging },
    {
      actionType: 'startCharging',
      setup: withOrder,
      expected: failed,
      result: 'cannot charge while executing an order',
    },
    {
      actionType: 'stopCharging',
      setup: (v: Vehicle) => {
        v.charging = true;
      },
      expected: done,
      check: (v: Vehicle) => !v.charging,
    },
    { actionType: 'stateRequest', expected: done },
    { actionType: 'factsheetRequest', expected: done, check: (v: Vehicle) => v.factsheetRequested },
    { actionType: 'dance', expected: failed, result: "unsupported actionType 'dance'" },
  ])('$actionType: $expected.1 → $expected.2', ({ actionType, setup, expected, check, result }) => {
    const v = newVehicle(0, 0, 0, 50);
    setup?.(v);
    expect(statuses(v, actionType)).toEqual(expected);
    if (check) expect(check(v)).toBe(true);
    const state = v.actionStates.find((s) => s.actionId === 'a1');
    expect(state?.actionType).toBe(actionType);
    expect(state?.resultDescription).toBe(result);
  });

  it('every stage is a change the robot publishes', () => {
    const v = newVehicle();
    const rng = createRng(1);
    expect(
      receiveInstantActions(v, [{ actionId: 'p', actionType: 'startPause', blockingType: 'HARD' }]),
    ).toBe(true);
    expect(stepVehicle(v, 0.1, testParams, rng)).toBe(true);
    expect(stepVehicle(v, 0.1, testParams, rng)).toBe(true);
    expect(stepVehicle(v, 0.1, testParams, rng)).toBe(false);
  });

  it(`keeps only the last ${KEPT_INSTANT_STATES} finished instant actions`, () => {
    const v = newVehicle();
    const rng = createRng(1);
    for (let i = 0; i < 30; i++) {
      receiveInstantActions(v, [{ actionId: `s${i}`, actionType: 'stateRequest', blockingType: 'NONE' }]);
      stepVehicle(v, 0.1, testParams, rng);
      stepVehicle(v, 0.1, testParams, rng);
    }
    expect(v.actionStates).toHaveLength(KEPT_INSTANT_STATES);
    expect(v.actionStates.at(-1)?.actionId).toBe('s29');
  });
});
