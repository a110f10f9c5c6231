import type { Building } from '@fleet/contract';

export type PlacedBuilding = Building & { latitude: number; longitude: number };

export function placedBuildings(buildings: readonly Building[]): PlacedBuilding[] {
  return buildings.filter((b): b is PlacedBuilding => b.latitude !== null && b.longitude !== null);
}

/** South-west and north-east corners around every building; undefined when none has a position. */
export function boundsOfBuildings(
  buildings: readonly PlacedBuilding[],
): [[number, number], [number, number]] | undefined {
  if (buildings.length === 0) return undefined;
  const lats = buildings.map((b) => b.latitude);
  const lons = buildings.map((b) => b.longitude);
  return [
    [Math.min(...lats), Math.min(...lons)],
    [Math.max(...lats), Math.max(...lons)],
  ];
}

/**
 * Whether map tiles can be had. Machines without internet access never answer a tile request, or answer
 * it with an error: either way the map must say so and still place the buildings.
 */
export type TileState = 'loading' | 'loaded' | 'failed';
export type TileEvent = 'tileload' | 'tileerror' | 'timeout';

/** How long the first tile may take before the map gives up waiting and says tiles are unreachable. */
export const TILE_TIMEOUT_MS = 8_000;

export function nextTileState(state: TileState, event: TileEvent): TileState {
  // One tile that arrived proves the server is reachable; a later failure is a missing tile, not an outage.
  if (event === 'tileload') return 'loaded';
  return state === 'loading' ? 'failed' : state;
}
