import { describe, expect, it } from 'vitest';
import { createRng } from '../prng.js';
import { newVehicle, run, testParams } from '../test-support/drive.js';
import { buildGoToOrder } from './go-to-order.js';
import { acceptOrder } from './order-execution.js';
import { stepVehicle } from './step-vehicle.js';
import type { Station } from './types.js';
import { type WanderPlan, type WanderState, wander } from './wander.js';

const stations: Station[] = [
  { id: 'a', x: 2, y: 2 },
  { id: 'b', x: 8, y: 2 },
];
const plan: WanderPlan = {
  stations,
  bounds: { minX: 0, minY: 0, maxX: 10, maxY: 10 },
  dwell: [1, 2],
  minBattery: 21,
};

function wanderFor(seconds: number, p: WanderPlan, battery = 100) {
  const v = newVehicle(5, 5, 0, battery);
  const w: WanderState = { nextTripAt: null, trips: 0 };
  const rng = createRng(7);
  const visited = new Set<string>();
  for (let t = 0; t < seconds; t += 0.1) {
    stepVehicle(v, 0.1, testParams, rng);
    wander(v, w, p, rng);
    visited.add(v.lastNodeId);
  }
  return { v, w, visited };
}

describe('wander', () => {
  it('an idle robot rests, then drives from station to station', () => {
    const { v, w, visited } = wanderFor(60, plan);
    expect(w.trips).toBeGreaterThanOrEqual(3);
    expect(visited).toContain('a');
    expect(visited).toContain('b');
    expect(v.odometer).toBeGreaterThan(15);
  });

  it('never picks the station the robot stands at', () => {
    const { v } = wanderFor(3, plan);
    const first = v.nodeStates.at(-1)?.nodeId ?? v.lastNodeId;
    run(v, 20);
    const w: WanderState = { nextTripAt: 0, trips: 0 };
    wander(v, w, plan, createRng(3));
    expect(v.nodeStates.at(-1)?.nodeId).not.toBe(first);
  });

  it('without stations it drives to random points inside the map', () => {
    const { v, w } = wanderFor(30, { ...plan, stations: [] });
    expect(w.trips).toBeGreaterThanOrEqual(2);
    expect(v.pose.x).toBeGreaterThanOrEqual(0);
    expect(v.pose.x).toBeLessThanOrEqual(10);
    expect(v.pose.y).toBeGreaterThanOrEqual(0);
    expect(v.pose.y).toBeLessThanOrEqual(10);
  });

  it('a low robot does not wander', () => {
    const { w } = wanderFor(30, plan, 20.5);
    expect(w.trips).toBe(0);
  });

  it('is deterministic for a seed', () => {
    const a = wanderFor(40, plan).v.pose;
    const b = wanderFor(40, plan).v.pose;
    expect(a).toEqual(b);
  });

  it('rests longer after an order of the console, which may have more for it (a lift to board)', () => {
    const v = newVehicle(5, 5, 0);
    const w: WanderState = { nextTripAt: null, trips: 0 };
    const rng = createRng(7);
    acceptOrder(v, buildGoToOrder('ride-1-approach', v.pose, { id: 'landing', x: 6, y: 5 }));
    let idleFrom: number | null = null;
    for (let t = 0; t < 200 && w.trips === 0; t += 0.1) {
      stepVehicle(v, 0.1, testParams, rng);
      wander(v, w, { ...plan, afterCommandDwell: [30, 40] }, rng);
      if (idleFrom === null && v.lastNodeId === 'landing') idleFrom = v.time;
    }
    expect(w.trips).toBe(1);
    expect(v.time - (idleFrom ?? 0)).toBeGreaterThanOrEqual(30);
  });

  it('on another map, wanders among that map’s stations', () => {
    const v = newVehicle(5, 5, 0);
    v.pose.mapId = 'floor-12';
    const w: WanderState = { nextTripAt: 0, trips: 0 };
    wander(
      v,
      w,
      { ...plan, byMap: { 'floor-12': { stations: [{ id: 'office', x: 1, y: 9 }], bounds: plan.bounds } } },
      createRng(1),
    );
    expect(v.nodeStates.at(-1)?.nodeId).toBe('office');
  });
});
