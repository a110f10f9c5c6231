import { and, asc, count, eq, getTableColumns, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { buildings, floors, stations } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';
import { notFound } from '../../errors.js';

/*
 * Queries of buildings, floors and stations. Each takes the caller's company: another company's row is
 * simply not found.
 */

export type BuildingRow = typeof buildings.$inferSelect;
export type FloorRow = typeof floors.$inferSelect;
export type StationRow = typeof stations.$inferSelect;

export async function buildingOf(db: Db, companyId: string, id: string): Promise<BuildingRow> {
  const [row] = await db
    .select()
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), eq(buildings.id, id)));
  if (!row) throw notFound('building');
  return row;
}

export async function floorOf(db: Db, companyId: string, id: string): Promise<FloorRow> {
  const [row] = await db
    .select()
    .from(floors)
    .where(and(eq(floors.companyId, companyId), eq(floors.id, id)));
  if (!row) throw notFound('floor');
  return row;
}

export async function stationOf(db: Db, companyId: string, id: string): Promise<StationRow> {
  const [row] = await db
    .select()
    .from(stations)
    .where(and(eq(stations.companyId, companyId), eq(stations.id, id)));
  if (!row) throw notFound('station');
  return row;
}

/*
 * Counts as correlated subqueries written out in full: Drizzle leaves column names unqualified in a select of
 * one table, and an unqualified `id` inside the subquery would mean the subquery's own table.
 */
const counted = {
  floorCount: sql<number>`(select count(*)::int from floors f where f.building_id = buildings.id)`,
  robotCount: sql<number>`(select count(*)::int from robots r where r.building_id = buildings.id)`,
};

export type CountedBuilding = BuildingRow & { floorCount: number; robotCount: number };

function nameFilter(companyId: string, name: string | undefined): SQL | undefined {
  return and(
    eq(buildings.companyId, companyId),
    name ? ilike(buildings.name, containsPattern(name)) : undefined,
  );
}

export async function findBuildings(
  db: Db,
  companyId: string,
  name: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ list: CountedBuilding[]; total: number }> {
  const where = nameFilter(companyId, name);
  const list = await db
    .select({ ...getTableColumns(buildings), ...counted })
    .from(buildings)
    .where(where)
    .orderBy(asc(buildings.name), asc(buildings.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(buildings).where(where);
  return { list, total: total?.n ?? 0 };
}

export async function countedBuildingOf(db: Db, companyId: string, id: string): Promise<CountedBuilding> {
  const [row] = await db
    .select({ ...getTableColumns(buildings), ...counted })
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), eq(buildings.id, id)));
  if (!row) throw notFound('building');
  return row;
}

export type CountedFloor = FloorRow & { stationCount: number };

const stationCount = sql<number>`(select count(*)::int from stations s where s.floor_id = floors.id)`;

/** A building's floors, lowest level first. */
export function floorsOf(db: Db, companyId: string, buildingId: string): Promise<CountedFloor[]> {
  return db
    .select({ ...getTableColumns(floors), stationCount })
    .from(floors)
    .where(and(eq(floors.companyId, companyId), eq(floors.buildingId, buildingId)))
    .orderBy(asc(floors.level));
}

export async function countedFloorOf(db: Db, companyId: string, id: string): Promise<CountedFloor> {
  const [row] = await db
    .select({ ...getTableColumns(floors), stationCount })
    .from(floors)
    .where(and(eq(floors.companyId, companyId), eq(floors.id, id)));
  if (!row) throw notFound('floor');
  return row;
}

/** A floor's stations by name. */
export function stationsOf(db: Db, companyId: string, floorId: string): Promise<StationRow[]> {
  return db
    .select()
    .from(stations)
    .where(and(eq(stations.companyId, companyId), eq(stations.floorId, floorId)))
    .orderBy(asc(stations.name), asc(stations.id));
}
