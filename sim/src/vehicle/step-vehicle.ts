import { between, type Rng } from '../prng.js';
import { seekCharger, updateBattery } from './battery.js';
import { progressInstantActions } from './instant-actions.js';
import { driveOrder, hasOrder, isBlocked, stopMoving } from './order-execution.js';
import type { Pose, Vehicle, VehicleParams } from './types.js';

export function createVehicle(pose: Pose, battery = 100): Vehicle {
  return {
    time: 0,
    pose: { ...pose },
    velocity: { vx: 0, vy: 0, omega: 0 },
    driving: false,
    paused: false,
    battery,
    charging: false,
    orderId: '',
    orderUpdateId: 0,
    lastNodeId: '',
    lastNodeSequenceId: 0,
    nodeStates: [],
    edgeStates: [],
    distanceSinceLastNode: 0,
    actionStates: [],
    pendingInstant: [],
    errors: [],
    errorClearsAt: null,
    chargeOnArrival: false,
    factsheetRequested: false,
    odometer: 0,
    ownOrders: 0,
  };
}

/**
 * Advances the vehicle by `dt` simulated seconds. No clocks or timers: the caller decides what time is,
 * so tests step exactly and a fleet steps ten thousand vehicles from one timer. Returns whether something a
 * master control cares about changed (the robot then publishes its state at once, as the spec asks).
 */
export function stepVehicle(v: Vehicle, dt: number, params: VehicleParams, rng: Rng): boolean {
  v.time += dt;
  let changed = progressInstantActions(v);
  if (v.errorClearsAt !== null && v.time >= v.errorClearsAt) {
    v.errors = [];
    v.errorClearsAt = null;
    changed = true;
  }
  if (hasOrder(v) && !v.paused && !isBlocked(v)) {
    changed = driveOrder(v, dt, params) || changed;
  } else if (v.driving) {
    stopMoving(v);
    changed = true;
  }
  changed = updateBattery(v, dt, params) || changed;
  changed = seekCharger(v, params) || changed;
  if (v.driving && v.errors.length === 0 && rng() < params.errorProbabilityPerSecond * dt) {
    v.errors.push({
      errorType: 'obstacleDetected',
      errorLevel: 'WARNING',
      errorDescription: 'obstacle in the path, waiting for it to clear',
    });
    v.errorClearsAt = v.time + between(rng, params.errorDuration[0], params.errorDuration[1]);
    stopMoving(v);
    changed = true;
  }
  return changed;
}
