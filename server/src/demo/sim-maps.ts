import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { buildings, floors, stations } from '../db/schema/index.js';
import { toFloorMapDto } from '../modules/buildings/dtos.js';

/** One entry of the simulator's `--maps` file (sim/README.md): a floor robots can drive on. */
export interface SimMap {
  /** The floor's id: what the simulated robots report as VDA 5050 `agvPosition.mapId`. */
  mapId: string;
  /** The area of the floor map, in metres of its frame. */
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
  stations: { id: string; name: string; x: number; y: number; theta: number; charger: boolean }[];
}

/**
 * The floors of a company (or of one of its buildings) in the shape of the simulator's `--maps` file, read from
 * the database: a simulated fleet then drives on the console's own floors, between its own stations. Floors
 * without a map are left out, since a robot there would have no bounds to stay within.
 */
export async function simMapsOf(db: Db, companyId: string, buildingId?: string): Promise<SimMap[]> {
  const floorRows = await db
    .select({ floor: floors })
    .from(floors)
    .innerJoin(buildings, eq(buildings.id, floors.buildingId))
    .where(
      and(
        eq(floors.companyId, companyId),
        isNotNull(floors.mapKey),
        buildingId ? eq(floors.buildingId, buildingId) : undefined,
      ),
    )
    .orderBy(asc(buildings.name), asc(floors.level));
  const ids = floorRows.map((r) => r.floor.id);
  const stationRows = ids.length
    ? await db.select().from(stations).where(inArray(stations.floorId, ids)).orderBy(asc(stations.name))
    : [];
  return floorRows.flatMap(({ floor }) => {
    const map = toFloorMapDto({ ...floor, stationCount: 0 });
    if (!map) return [];
    return [
      {
        mapId: floor.id,
        bounds: map.bounds,
        stations: stationRows
          .filter((s) => s.floorId === floor.id)
          .map(({ id, name, x, y, theta, charger }) => ({ id, name, x, y, theta, charger })),
      },
    ];
  });
}
