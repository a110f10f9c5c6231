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
  /** Other maps the robot may reach (a lift rides it there): where it wanders on each. */
  byMap?: Readonly<Record<string, { stations: readonly Station[]; bounds: MapBounds }>>;
  /** How long an idle robot waits before its next trip, seconds [min, max]. */
  dwell: [number, number];
  /**
   * After an order the console sent (not a wander trip), it waits longer: the console may have more for it (a
   * robot at a lift landing waits for the car). [90, 150] s unless given.
   */
  afterCommandDwell?: [number, number];
  /** Below this charge a robot stays put and lets its battery management take over. */
  minBattery: number;
}

/** Simulated time of the robot's next trip; starts unset so the first decision spreads robots out. */
export interface WanderState {
  nextTripAt: number | null;
  trips: number;
  /** The last order the robot ran came from the console, not from wandering. */
  afterCommand?: boolean;
}

const WANDER_PREFIX = 'wander-';

/**
 * "Autonomous wander": an idle robot rests a while, then drives to a random station (or a random point when
 * its map has none), which is what makes the demo fleet look busy without anyone sending orders.
 */
export function wander(v: Vehicle, w: WanderState, plan: WanderPlan, rng: Rng): boolean {
  if (!isIdle(v) || v.errors.length > 0 || v.battery < plan.minBattery) {
    w.nextTripAt = null;
    if (v.orderId) w.afterCommand = !v.orderId.startsWith(WANDER_PREFIX);
    return false;
  }
  if (w.nextTripAt === null) {
    const [min, max] = w.afterCommand ? (plan.afterCommandDwell ?? [90, 150]) : plan.dwell;
    w.nextTripAt = v.time + between(rng, min, max);
    return false;
  }
  if (v.time < w.nextTripAt) return false;
  w.nextTripAt = null;
  w.trips++;
  const target = pickTarget(v, plan, rng);
  w.afterCommand = false;
  return acceptOrder(v, buildGoToOrder(`${WANDER_PREFIX}${w.trips}`, v.pose, target));
}

function pickTarget(v: Vehicle, plan: WanderPlan, rng: Rng): Station {
  const here = plan.byMap?.[v.pose.mapId] ?? plan;
  const others = here.stations.filter((s) => s.id !== v.lastNodeId);
  if (others.length > 0) return others[Math.floor(rng() * others.length)] ?? (others[0] as Station);
  const b = here.bounds;
  return {
    id: `point-${Math.floor(rng() * 1e9)}`,
    x: round(between(rng, b.minX, b.maxX)),
    y: round(between(rng, b.minY, b.maxY)),
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
