import { buildGoToOrder } from './go-to-order.js';
import { ARRIVAL_TOLERANCE_M } from './motion.js';
import { acceptOrder, isIdle } from './order-execution.js';
import type { Station, Vehicle, VehicleParams } from './types.js';

/** Drains or charges for `dt` seconds; returns whether `charging` flipped (a full battery stops charging). */
export function updateBattery(v: Vehicle, dt: number, params: VehicleParams): boolean {
  if (v.charging) {
    v.battery = Math.min(100, v.battery + params.chargeRate * dt);
    if (v.battery >= 100) {
      v.charging = false;
      return true;
    }
    return false;
  }
  v.battery = Math.max(0, v.battery - (v.driving ? params.drainDriving : params.drainIdle) * dt);
  return false;
}

/**
 * An idle robot below `lowBattery` drives to the nearest charger and charges on arrival, as a real robot's
 * own battery management would. Without a charger on its map, or with nothing left to drive on, it charges
 * where it stands so the simulation never ends with a fleet of flat robots.
 */
export function seekCharger(v: Vehicle, params: VehicleParams): boolean {
  if (v.battery >= params.lowBattery || !isIdle(v) || v.errors.length > 0) return false;
  const charger = nearest(v, params.chargers);
  if (!charger || v.battery <= 0 || distanceTo(v, charger) <= ARRIVAL_TOLERANCE_M) {
    v.charging = true;
    return true;
  }
  v.ownOrders++;
  acceptOrder(v, buildGoToOrder(`charge-${v.ownOrders}`, v.pose, charger));
  v.chargeOnArrival = true;
  return true;
}

function nearest(v: Vehicle, stations: readonly Station[]): Station | undefined {
  let best: Station | undefined;
  let bestD = Infinity;
  for (const s of stations) {
    const d = distanceTo(v, s);
    if (d < bestD) {
      best = s;
      bestD = d;
    }
  }
  return best;
}

function distanceTo(v: Vehicle, s: Station): number {
  return Math.hypot(s.x - v.pose.x, s.y - v.pose.y);
}
