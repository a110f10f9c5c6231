import { type DeviceSearch, LOW_DEVICE_BATTERY } from '@fleet/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceCalls, deviceEvents, miniDevices } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';
import { buildingNames, floorNames } from '../buildings/repo.js';
import type { DeviceFacts } from './link/device-live-store.js';

export type DeviceRow = typeof miniDevices.$inferSelect;
export type DeviceCallRow = typeof deviceCalls.$inferSelect;
export type DeviceEventRow = typeof deviceEvents.$inferSelect;

/** A device row with the names of its building and floor, read from the buildings area. */
export type PlacedDeviceRow = DeviceRow & { buildingName: string | null; floorName: string | null };

const OPEN_STATES = ['created', 'assigned', 'arriving', 'arrived'] as const;

function where(companyId: string, f: DeviceSearch): SQL | undefined {
  return and(
    eq(miniDevices.companyId, companyId),
    f.name
      ? or(
          ilike(miniDevices.name, containsPattern(f.name)),
          ilike(miniDevices.label, containsPattern(f.name)),
        )
      : undefined,
    f.buildingId ? eq(miniDevices.buildingId, f.buildingId) : undefined,
    f.type ? eq(miniDevices.type, f.type) : undefined,
    f.online === undefined ? undefined : eq(miniDevices.online, f.online),
    f.lowBattery ? lt(miniDevices.battery, LOW_DEVICE_BATTERY) : undefined,
    f.unbound ? isNull(miniDevices.buildingId) : undefined,
  );
}

async function placed(db: Db, companyId: string, rows: DeviceRow[]): Promise<PlacedDeviceRow[]> {
  const buildingIds = [...new Set(rows.flatMap((r) => (r.buildingId ? [r.buildingId] : [])))];
  const floorIds = [...new Set(rows.flatMap((r) => (r.floorId ? [r.floorId] : [])))];
  const [bNames, fNames] = await Promise.all([
    buildingNames(db, companyId, buildingIds),
    floorNames(db, companyId, floorIds),
  ]);
  return rows.map((r) => ({
    ...r,
    buildingName: r.buildingId ? (bNames.get(r.buildingId) ?? null) : null,
    floorName: r.floorId ? (fNames.get(r.floorId) ?? null) : null,
  }));
}

export async function findMiniDevices(
  db: Db,
  companyId: string,
  filter: DeviceSearch,
  page?: { offset: number; limit: number },
): Promise<{ rows: PlacedDeviceRow[]; total: number }> {
  const query = db
    .select()
    .from(miniDevices)
    .where(where(companyId, filter))
    .orderBy(asc(miniDevices.label), asc(miniDevices.name), asc(miniDevices.id));
  const [rows, totals] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    page
      ? db.select({ n: count() }).from(miniDevices).where(where(companyId, filter))
      : Promise.resolve(null),
  ]);
  return { rows: await placed(db, companyId, rows), total: totals ? (totals[0]?.n ?? 0) : rows.length };
}

/** One device of the company, or null (another company's device is simply not found). */
export async function findMiniDevice(db: Db, companyId: string, id: string): Promise<PlacedDeviceRow | null> {
  const [row] = await db
    .select()
    .from(miniDevices)
    .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.id, id)));
  return row ? ((await placed(db, companyId, [row]))[0] ?? null) : null;
}

/** Devices of the company by name (for a bulk bind file). */
export function devicesByNames(db: Db, companyId: string, names: string[]) {
  if (!names.length) return Promise.resolve([]);
  return db
    .select()
    .from(miniDevices)
    .where(and(eq(miniDevices.companyId, companyId), inArray(miniDevices.name, names)));
}

/** Devices by id, whatever their company (the device link follows them). */
export function deviceRowsByIds(db: Db, ids: string[]): Promise<DeviceRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(miniDevices).where(inArray(miniDevices.id, ids));
}

/** Every device of the region, for the device link. */
export function allDeviceRows(db: Db): Promise<DeviceRow[]> {
  return db.select().from(miniDevices);
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

export async function countDevicesInBuilding(db: Db, companyId: string, buildingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(miniDevices)
    .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.buildingId, buildingId)));
  return row?.n ?? 0;
}

/** Ids of the company's devices in a building (before the building goes). */
export async function deviceIdsInBuilding(db: Db, companyId: string, buildingId: string): Promise<string[]> {
  const rows = await db
    .select({ id: miniDevices.id })
    .from(miniDevices)
    .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.buildingId, buildingId)));
  return rows.map((r) => r.id);
}

/** Writes devices' live facts in one statement. */
export async function saveDeviceFacts(
  db: Db,
  facts: Array<{ id: string; facts: DeviceFacts }>,
): Promise<void> {
  for (let i = 0; i < facts.length; i += 500) {
    const chunk = facts.slice(i, i + 500);
    const values = sql.join(
      chunk.map(
        ({ id, facts: f }) =>
          sql`(${id}::uuid, ${f.online}::boolean, ${f.battery}::integer, ${f.rssi}::integer, ${f.firmware}::text, ${
            f.lastSeenAt === null ? null : new Date(f.lastSeenAt).toISOString()
          }::timestamptz)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE mini_devices AS d
      SET online = v.online, battery = v.battery, rssi = v.rssi, firmware = coalesce(v.firmware, d.firmware),
          last_seen_at = v.last_seen_at
      FROM (VALUES ${values}) AS v(id, online, battery, rssi, firmware, last_seen_at)
      WHERE d.id = v.id`);
  }
}

/** The calls open now, as written by the instances carrying them (one taking a building over reads them). */
export async function openCallRows(db: Db): Promise<DeviceCallRow[]> {
  return db
    .select()
    .from(deviceCalls)
    .where(and(isNull(deviceCalls.endedAt), inArray(deviceCalls.state, [...OPEN_STATES])));
}

/** Calls a previous run of the server left open: nothing follows them any more. */
export async function endCallsLeftOpen(db: Db): Promise<void> {
  await db
    .update(deviceCalls)
    .set({ state: 'failed', note: 'the console restarted while the call was open', endedAt: new Date() })
    .where(inArray(deviceCalls.state, [...OPEN_STATES]));
}

export async function deviceEventsPage(
  db: Db,
  companyId: string,
  deviceId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: DeviceEventRow[]; total: number }> {
  const w = and(eq(deviceEvents.companyId, companyId), eq(deviceEvents.deviceId, deviceId));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(deviceEvents)
      .where(w)
      .orderBy(desc(deviceEvents.at), desc(deviceEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(deviceEvents).where(w),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function deviceCallsPage(
  db: Db,
  companyId: string,
  filter: { deviceId?: string | undefined; open?: boolean | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: Array<DeviceCallRow & { deviceLabel: string }>; total: number }> {
  const w = and(
    eq(deviceCalls.companyId, companyId),
    filter.deviceId ? eq(deviceCalls.deviceId, filter.deviceId) : undefined,
    filter.open === undefined
      ? undefined
      : filter.open
        ? inArray(deviceCalls.state, [...OPEN_STATES])
        : notInArray(deviceCalls.state, [...OPEN_STATES]),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ call: deviceCalls, deviceLabel: miniDevices.label })
      .from(deviceCalls)
      .innerJoin(miniDevices, eq(miniDevices.id, deviceCalls.deviceId))
      .where(w)
      .orderBy(desc(deviceCalls.createdAt), desc(deviceCalls.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(deviceCalls).where(w),
  ]);
  return { rows: rows.map((r) => ({ ...r.call, deviceLabel: r.deviceLabel })), total: totals[0]?.n ?? 0 };
}
