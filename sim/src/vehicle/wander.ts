import { between, type Rng } from '../prng.js';
import { buildGoToOrder } from './go-to-order.js';
import { acceptOrder, isIdle } from './order-execution.js';
import type { Station, Vehicle } from './types.js';

export interface MapBounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface WanderPlan {
  stations: readonly Station[];
  bounds: MapBounds;
  /** How long an idle robot waits before its next trip, seconds [min, max]. */
  dwell: [number, number];
  /** Below this charge a robot stays put and lets its battery management take over. */
  minBattery: number;
}

/** Simulated time of the robot's next trip; starts unset so the first decision spreads robots out. */
export interface WanderState {
  nextTripAt: number | null;
  trips: number;
}

/**
 * "Autonomous wander": an idle robot rests a while, then drives to a random station (or a random point when
 * its map has none), which is what makes the demo fleet look busy without anyone sending orders.
 */
export function wander(v: Vehicle, w: WanderState, plan: WanderPlan, rng: Rng): boolean {
  if (!isIdle(v) || v.errors.length > 0 || v.battery < plan.minBattery) {
    w.nextTripAt = null;
    return false;
  }
  if (w.nextTripAt === null) {
    w.nextTripAt = v.time + between(rng, plan.dwell[0], plan.dwell[1]);
    return false;
  }
  if (v.time < w.nextTripAt) return false;
  w.nextTripAt = null;
  w.trips++;
  const target = pickTarget(v, plan, rng);
  return acceptOrder(v, buildGoToOrder(`wander-${w.trips}`, v.pose, target));
}

function pickTarget(v: Vehicle, plan: WanderPlan, rng: Rng): Station {
  const others = plan.stations.filter((s) => s.id !== v.lastNodeId);
  if (others.length > 0) return others[Math.floor(rng() * others.length)] ?? (others[0] as Station);
  const b = plan.bounds;
  return {
    id: `point-${Math.floor(rng() * 1e9)}`,
    x: round(between(rng, b.minX, b.maxX)),
    y: round(between(rng, b.minY, b.maxY)),
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
