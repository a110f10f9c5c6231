import { and, asc, count, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
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

/** Names of the company's buildings among these ids; another company's building is left out. */
export async function buildingNames(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), inArray(buildings.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The company's buildings (or one) with their names and time zones, by name: whose wall clock rules run on. */
export function buildingClocks(db: Db, companyId: string, buildingId?: string) {
  return db
    .select({ id: buildings.id, name: buildings.name, timeZone: buildings.timeZone })
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), buildingId ? eq(buildings.id, buildingId) : undefined))
    .orderBy(asc(buildings.name), asc(buildings.id));
}

/** Ids and names of the company's buildings (only those among `ids` when given), by name. */
export function buildingNameList(db: Db, companyId: string, ids?: string[]) {
  return db
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), ids ? inArray(buildings.id, ids) : undefined))
    .orderBy(asc(buildings.name));
}

export async function insertBuilding(
  db: Db,
  values: Omit<typeof buildings.$inferInsert, 'id' | 'createdAt'>,
): Promise<string> {
  const [row] = await db.insert(buildings).values(values).returning({ id: buildings.id });
  if (!row) throw new Error('building not created');
  return row.id;
}

/** False when the company has no such building. */
export async function updateBuilding(
  db: Db,
  companyId: string,
  id: string,
  changes: Partial<typeof buildings.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(buildings)
    .set(changes)
    .where(and(eq(buildings.companyId, companyId), eq(buildings.id, id)))
    .returning({ id: buildings.id });
  return rows.length > 0;
}

/** Throws the database's unique violation when the building has a floor on that level already. */
export async function insertFloor(
  db: Db,
  values: Pick<typeof floors.$inferInsert, 'companyId' | 'buildingId' | 'name' | 'level'>,
): Promise<string> {
  const [row] = await db.insert(floors).values(values).returning({ id: floors.id });
  if (!row) throw new Error('floor not created');
  return row.id;
}

export async function updateFloor(
  db: Db,
  companyId: string,
  id: string,
  changes: Partial<typeof floors.$inferInsert>,
) {
  await db
    .update(floors)
    .set(changes)
    .where(and(eq(floors.companyId, companyId), eq(floors.id, id)));
}

/** What the removed floor was, or null when the company has no such floor. */
export async function deleteFloor(db: Db, companyId: string, id: string) {
  const [row] = await db
    .delete(floors)
    .where(and(eq(floors.companyId, companyId), eq(floors.id, id)))
    .returning({ name: floors.name, level: floors.level, mapKey: floors.mapKey });
  return row ?? null;
}

/** Throws the database's unique violation when the floor has a station of that name already. */
export async function insertStation(db: Db, values: typeof stations.$inferInsert): Promise<StationRow> {
  const [row] = await db.insert(stations).values(values).returning();
  if (!row) throw new Error('station not created');
  return row;
}

/** The station as changed, or null when the company has no such station. */
export async function updateStation(
  db: Db,
  companyId: string,
  id: string,
  changes: Partial<typeof stations.$inferInsert>,
): Promise<StationRow | null> {
  const [row] = await db
    .update(stations)
    .set(changes)
    .where(and(eq(stations.companyId, companyId), eq(stations.id, id)))
    .returning();
  return row ?? null;
}

/** What the removed station was, or null when the company has no such station. */
export async function deleteStation(db: Db, companyId: string, id: string) {
  const [row] = await db
    .delete(stations)
    .where(and(eq(stations.companyId, companyId), eq(stations.id, id)))
    .returning({ name: stations.name, floorId: stations.floorId });
  return row ?? null;
}

/** A station of the company with its floor's building, or null. */
export async function stationPlace(db: Db, companyId: string, stationId: string) {
  const [row] = await db
    .select({
      id: stations.id,
      name: stations.name,
      x: stations.x,
      y: stations.y,
      theta: stations.theta,
      floorId: stations.floorId,
      buildingId: floors.buildingId,
      buildingName: buildings.name,
    })
    .from(stations)
    .innerJoin(floors, eq(floors.id, stations.floorId))
    .innerJoin(buildings, eq(buildings.id, floors.buildingId))
    .where(and(eq(stations.companyId, companyId), eq(stations.id, stationId)));
  return row ?? null;
}

/** The map keys of the building's floors. */
export async function floorMapKeysOf(db: Db, companyId: string, buildingId: string) {
  return db
    .select({ mapKey: floors.mapKey })
    .from(floors)
    .where(and(eq(floors.companyId, companyId), eq(floors.buildingId, buildingId)));
}

/** Removes the building; its floors and stations go with it (the foreign keys cascade). */
export async function deleteBuilding(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(buildings).where(and(eq(buildings.companyId, companyId), eq(buildings.id, id)));
}

/** Names of the company's floors by id. */
export async function floorNames(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: floors.id, name: floors.name })
    .from(floors)
    .where(and(eq(floors.companyId, companyId), inArray(floors.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every building and floor of the company by name (to read names a person typed, as in a file). */
export async function placeNamesOf(db: Db, companyId: string) {
  const [b, f] = await Promise.all([
    db
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .where(eq(buildings.companyId, companyId)),
    db
      .select({ id: floors.id, name: floors.name, buildingId: floors.buildingId })
      .from(floors)
      .where(eq(floors.companyId, companyId)),
  ]);
  return { buildings: b, floors: f };
}

/** Buildings by id whatever their company (the roll-up serves every company), with name and zone. */
export async function buildingZones(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { companyId: string; name: string; timeZone: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: buildings.id,
      companyId: buildings.companyId,
      name: buildings.name,
      timeZone: buildings.timeZone,
    })
    .from(buildings)
    .where(inArray(buildings.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every building of some companies, with its zone (whether or not a robot is in it). */
export function buildingClocksOf(db: Db, companyIds: readonly string[]) {
  return db
    .select({
      id: buildings.id,
      companyId: buildings.companyId,
      name: buildings.name,
      timeZone: buildings.timeZone,
    })
    .from(buildings)
    .where(inArray(buildings.companyId, [...companyIds]))
    .orderBy(asc(buildings.name), asc(buildings.id));
}
