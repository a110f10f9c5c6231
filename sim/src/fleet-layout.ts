import { between, type Rng } from './prng.js';
import type { MapBounds, Pose, Station } from './vehicle/index.js';

/** A floor the fleet drives on: its console mapId, its extent in metres and its stations. */
export interface FleetMap {
  mapId: string;
  bounds: MapBounds;
  stations?: Station[];
}

/**
 * Stations for a map that has none: a ring of work stations near the walls and two chargers in a corner,
 * so a bare `--map-width/--map-height` demo still shows trips and charging.
 */
export function generateStations(bounds: MapBounds, count = 8): Station[] {
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  const rx = (bounds.maxX - bounds.minX) * 0.4;
  const ry = (bounds.maxY - bounds.minY) * 0.4;
  const stations: Station[] = [];
  for (let i = 0; i < count; i++) {
    const a = (2 * Math.PI * i) / count;
    stations.push({
      id: `station-${i + 1}`,
      name: `Station ${i + 1}`,
      x: round(cx + rx * Math.cos(a)),
      y: round(cy + ry * Math.sin(a)),
      theta: round(wrap(a + Math.PI)),
    });
  }
  const chargerY = bounds.minY + Math.min(2, (bounds.maxY - bounds.minY) / 4);
  for (let i = 0; i < 2; i++) {
    stations.push({
      id: `charger-${i + 1}`,
      name: `Charger ${i + 1}`,
      x: round(bounds.minX + Math.min(2 + 1.5 * i, (bounds.maxX - bounds.minX) / 2)),
      y: round(chargerY),
      theta: -Math.PI / 2,
      charger: true,
    });
  }
  return stations;
}

/** Where a robot starts: a random non-charger station (robots begin "at work"), else a random point. */
export function startPose(map: FleetMap, rng: Rng): Pose {
  const work = (map.stations ?? []).filter((s) => !s.charger);
  const b = map.bounds;
  const theta = between(rng, -Math.PI, Math.PI);
  const s = work[Math.floor(rng() * work.length)];
  if (s) {
    // A little scatter so robots starting at the same station are not drawn on top of each other.
    return { x: s.x + between(rng, -1, 1), y: s.y + between(rng, -1, 1), theta, mapId: map.mapId };
  }
  return { x: between(rng, b.minX, b.maxX), y: between(rng, b.minY, b.maxY), theta, mapId: map.mapId };
}

/** `SIM-001` … : zero-padded so serial numbers sort in the console's table. */
export function serialNumber(prefix: string, index: number, total: number): string {
  const digits = Math.max(3, String(total).length);
  return `${prefix}${String(index + 1).padStart(digits, '0')}`;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function wrap(a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a));
}
