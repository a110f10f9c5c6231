import { and, eq, like } from 'drizzle-orm';
import { buildings, floors, miniDevices, robots } from '../../server/src/db/schema/index.js';
import { hashDeviceSecret } from '../../server/src/modules/devices/link/device-credentials.js';
import { type BenchDatabase, MANUFACTURER, openBenchDb } from './fleet-db.js';
import { SIM_MAP_M } from './sim-process.js';

const BUILDING = 'Bench call building';
export const benchDeviceName = (i: number) => `BENCH-DEV-${String(i + 1).padStart(6, '0')}`;

/**
 * Registers exactly `count` call buttons (BENCH-DEV-000001…) of the company, placed at random points of one floor
 * of a building of their own, and puts the simulated robots in that building so they answer the calls. The
 * simulated robots drive on that floor (`floorId` is their map), as in a real building: a call weighs the robots
 * near it, not every robot of other floors. With the
 * server's schema code while the server is stopped (it loads them at start). The devices come in over the bench
 * login, so they get no password of their own.
 */
export async function registerDevices(
  db: BenchDatabase,
  companyId: string,
  count: number,
): Promise<{ names: string[]; floorId: string | null }> {
  const dbs = await openBenchDb(db);
  const reg = dbs.regional.db;
  try {
    await reg.delete(miniDevices).where(like(miniDevices.name, 'BENCH-DEV-%'));
    if (count === 0) return { names: [], floorId: null };
    let [building] = await reg.select().from(buildings).where(eq(buildings.name, BUILDING));
    if (!building) [building] = await reg.insert(buildings).values({ companyId, name: BUILDING }).returning();
    if (!building) throw new Error('bench building not created');
    let [floor] = await reg.select().from(floors).where(eq(floors.buildingId, building.id));
    if (!floor)
      [floor] = await reg
        .insert(floors)
        .values({ companyId, buildingId: building.id, name: 'Bench floor', level: 0 })
        .returning();
    if (!floor) throw new Error('bench floor not created');
    await reg
      .update(robots)
      .set({ buildingId: building.id })
      .where(and(eq(robots.companyId, companyId), eq(robots.manufacturer, MANUFACTURER)));
    const names = Array.from({ length: count }, (_, i) => benchDeviceName(i));
    // Seeded, so every run places the devices alike.
    let seed = 42;
    const next = (sizeM: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return (seed / 2 ** 31) * sizeM;
    };
    const hash = hashDeviceSecret('bench-devices-have-no-own-login');
    for (let i = 0; i < names.length; i += 1000)
      await reg.insert(miniDevices).values(
        names.slice(i, i + 1000).map((name) => ({
          companyId,
          buildingId: building.id,
          floorId: floor.id,
          name,
          label: name,
          type: 'callButton' as const,
          model: 'CB-BENCH',
          pointX: next(SIM_MAP_M.width),
          pointY: next(SIM_MAP_M.height),
          heartbeatS: 60,
          minBattery: 0,
          mqttSecretHash: hash,
        })),
      );
    return { names, floorId: floor.id };
  } finally {
    await dbs.close();
  }
}
