import type { MiniDevice } from '@fleet/contract';
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { miniDevices } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';
import { buildingNames } from '../buildings/repo.js';

const columns = {
  id: miniDevices.id,
  name: miniDevices.name,
  serialNumber: miniDevices.serialNumber,
  companyId: miniDevices.companyId,
  buildingId: miniDevices.buildingId,
  createdAt: miniDevices.createdAt,
};

type DeviceRow = { [K in keyof typeof columns]: (typeof miniDevices.$inferSelect)[K] };

export function toMiniDeviceDto(row: {
  id: string;
  name: string;
  serialNumber: string;
  companyId: string;
  buildingId: string | null;
  buildingName: string | null;
  createdAt: Date;
}): MiniDevice {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export interface DeviceFilter {
  name?: string | undefined;
  buildingId?: string | undefined;
}

function where(companyId: string, f: DeviceFilter): SQL | undefined {
  return and(
    eq(miniDevices.companyId, companyId),
    f.name ? ilike(miniDevices.name, containsPattern(f.name)) : undefined,
    f.buildingId ? eq(miniDevices.buildingId, f.buildingId) : undefined,
  );
}

function base(db: Db) {
  return db.select(columns).from(miniDevices);
}

/** Each device with its building's name, read from the buildings area. */
async function withBuildingNames(db: Db, companyId: string, rows: DeviceRow[]): Promise<MiniDevice[]> {
  const names = await buildingNames(
    db,
    companyId,
    rows.flatMap((r) => (r.buildingId ? [r.buildingId] : [])),
  );
  return rows.map((r) =>
    toMiniDeviceDto({ ...r, buildingName: r.buildingId ? (names.get(r.buildingId) ?? null) : null }),
  );
}

export async function findMiniDevices(
  db: Db,
  companyId: string,
  filter: DeviceFilter,
  page?: { offset: number; limit: number },
): Promise<{ list: MiniDevice[]; total: number }> {
  const query = base(db).where(where(companyId, filter)).orderBy(asc(miniDevices.name), asc(miniDevices.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const list = await withBuildingNames(db, companyId, rows);
  if (!page) return { list, total: rows.length };
  const [total] = await db.select({ n: count() }).from(miniDevices).where(where(companyId, filter));
  return { list, total: total?.n ?? 0 };
}

/** One device of the company, or null (another company's device is simply not found). */
export async function findMiniDevice(db: Db, companyId: string, id: string): Promise<MiniDevice | null> {
  const [row] = await base(db).where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.id, id)));
  return row ? ((await withBuildingNames(db, companyId, [row]))[0] ?? null) : null;
}

/** Devices of every company whose name contains the text, by name (at most `limit`). */
export function devicesNamedLike(db: Db, name: string, limit: number) {
  return db
    .select({ id: miniDevices.id, name: miniDevices.name, companyId: miniDevices.companyId })
    .from(miniDevices)
    .where(ilike(miniDevices.name, containsPattern(name)))
    .orderBy(asc(miniDevices.name))
    .limit(limit);
}

export async function setDeviceBuilding(db: Db, companyId: string, id: string, buildingId: string | null) {
  await db
    .update(miniDevices)
    .set({ buildingId })
    .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.id, id)));
}

export async function countDevicesInBuilding(db: Db, companyId: string, buildingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(miniDevices)
    .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.buildingId, buildingId)));
  return row?.n ?? 0;
}
