import { and, count, eq, inArray } from 'drizzle-orm';
import { buildings, floors, miniDevices, robots } from '../../db/schema/index.js';
import { identityOf } from '../../fleet/fleet-service.js';
import type { Services } from '../../services.js';
import { discardObjects } from './discard-objects.js';
import { buildingOf } from './repo.js';

/**
 * Removes a building with its floors and their stations (the foreign keys cascade). Robots and mini devices
 * in it are kept and become unassigned (`on delete set null`): they are equipment that can move to another
 * building, and refusing the removal would leave no way to close a site short of editing each one first.
 * Returns what the audit row records.
 */
export async function removeBuilding(
  services: Services,
  companyId: string,
  id: string,
  actor: { id: string; name: string },
) {
  const { reg } = services;
  const building = await buildingOf(reg, companyId, id);
  const inBuilding = and(eq(robots.companyId, companyId), eq(robots.buildingId, building.id));
  const gone = await reg.transaction(async (tx) => {
    const floorRows = await tx
      .select({ mapKey: floors.mapKey })
      .from(floors)
      .where(and(eq(floors.companyId, companyId), eq(floors.buildingId, building.id)));
    const robotRows = await tx.select({ id: robots.id }).from(robots).where(inBuilding);
    const [devices] = await tx
      .select({ n: count() })
      .from(miniDevices)
      .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.buildingId, building.id)));
    await tx.delete(buildings).where(and(eq(buildings.companyId, companyId), eq(buildings.id, building.id)));
    return { floorRows, robotIds: robotRows.map((r) => r.id), devices: devices?.n ?? 0 };
  });
  // The live store keeps each robot's building for /live and the robot list: it must forget this one now.
  if (gone.robotIds.length && services.fleet) {
    const fleet = services.fleet;
    const rows = await reg.select().from(robots).where(inArray(robots.id, gone.robotIds));
    for (const row of rows) fleet.store.register(identityOf(row));
  }
  // Its lift banks and lifts went with it: their sessions end and the lift link forgets them.
  services.lifts?.forgetBuilding(building.id, actor);
  await discardObjects(
    services,
    gone.floorRows.map((f) => f.mapKey),
  );
  return {
    name: building.name,
    floors: gone.floorRows.length,
    robotsUnassigned: gone.robotIds.length,
    miniDevicesUnassigned: gone.devices,
  };
}
