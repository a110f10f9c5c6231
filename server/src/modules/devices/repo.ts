import type { MiniDevice } from '@fleet/contract';
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { buildings, miniDevices } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';

const columns = {
  id: miniDevices.id,
  name: miniDevices.name,
  serialNumber: miniDevices.serialNumber,
  companyId: miniDevices.companyId,
  buildingId: miniDevices.buildingId,
  buildingName: buildings.name,
  createdAt: miniDevices.createdAt,
};

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
  return db.select(columns).from(miniDevices).leftJoin(buildings, eq(buildings.id, miniDevices.buildingId));
}

export async function findMiniDevices(
  db: Db,
  companyId: string,
  filter: DeviceFilter,
  page?: { offset: number; limit: number },
): Promise<{ list: MiniDevice[]; total: number }> {
  const query = base(db).where(where(companyId, filter)).orderBy(asc(miniDevices.name), asc(miniDevices.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (!page) return { list: rows.map(toMiniDeviceDto), total: rows.length };
  const [total] = await db.select({ n: count() }).from(miniDevices).where(where(companyId, filter));
  return { list: rows.map(toMiniDeviceDto), total: total?.n ?? 0 };
}

/** One device of the company, or null (another company's device is simply not found). */
export async function findMiniDevice(db: Db, companyId: string, id: string): Promise<MiniDevice | null> {
  const [row] = await base(db).where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.id, id)));
  return row ? toMiniDeviceDto(row) : null;
}
