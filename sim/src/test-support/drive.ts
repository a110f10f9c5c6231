import type { OrderInput } from '../messages.js';
import { orderSchema } from '../messages.js';
import { createRng } from '../prng.js';
import {
  createVehicle,
  defaultVehicleParams,
  stepVehicle,
  type Vehicle,
  type VehicleParams,
} from '../vehicle/index.js';

/** Quiet physics for tests: no random obstacles unless a test asks for them. */
export const testParams: VehicleParams = { ...defaultVehicleParams, errorProbabilityPerSecond: 0 };

export function newVehicle(x = 0, y = 0, theta = 0, battery = 100): Vehicle {
  return createVehicle({ x, y, theta, mapId: 'floor-1' }, battery);
}

/** Steps `seconds` of simulated time in `dt` steps; returns how many steps reported a change. */
export function run(
  v: Vehicle,
  seconds: number,
  params: VehicleParams = testParams,
  dt = 0.1,
  seed = 1,
): number {
  const rng = createRng(seed);
  let changes = 0;
  for (let t = 0; t < seconds - 1e-9; t += dt) if (stepVehicle(v, dt, params, rng)) changes++;
  return changes;
}

/** An order through the given points on floor-1, built like the console's: even node, odd edge sequenceIds. */
export function orderThrough(
  orderId: string,
  points: Array<[number, number, number?]>,
): ReturnType<typeof orderSchema.parse> {
  const input: OrderInput = {
    orderId,
    orderUpdateId: 0,
    nodes: points.map(([x, y, theta], i) => ({
      nodeId: `n${i}`,
      sequenceId: i * 2,
      released: true,
      nodePosition: { x, y, mapId: 'floor-1', ...(theta === undefined ? {} : { theta }) },
      actions: [],
    })),
    edges: points.slice(1).map((_, i) => ({
      edgeId: `e${i}`,
      sequenceId: i * 2 + 1,
      released: true,
      startNodeId: `n${i}`,
      endNodeId: `n${i + 1}`,
      actions: [],
    })),
  };
  return orderSchema.parse(input);
}
