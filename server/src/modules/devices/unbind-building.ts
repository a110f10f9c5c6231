import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceEvents, miniDevices } from '../../db/schema/index.js';
import { writePlace } from './place-device.js';
import { deviceIdsInBuilding } from './repo.js';

/**
 * Unbinds the devices of a building about to be removed, in the removal's transaction: each keeps its registration
 * and gets an `unbound` step on its timeline. Answers their ids, for the device link to follow.
 */
export async function unbindDevicesOfBuilding(
  tx: Db,
  companyId: string,
  buildingId: string,
  actorId: string,
): Promise<string[]> {
  const ids = await deviceIdsInBuilding(tx, companyId, buildingId);
  const nowhere = { buildingId: null, buildingName: null, floorId: null, floorName: null, point: null };
  for (const id of ids) await writePlace(tx, companyId, id, nowhere, actorId);
  return ids;
}

/**
 * Takes the devices of a floor about to be removed off the map, in the removal's transaction: they stay in the
 * building without a floor or point, with a step on their timeline. Answers their ids.
 */
export async function unplaceDevicesOfFloor(
  tx: Db,
  companyId: string,
  floorId: string,
  actorId: string,
): Promise<string[]> {
  const moved = await tx
    .update(miniDevices)
    .set({ floorId: null, pointX: null, pointY: null, updatedAt: sql`now()` })
    .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.floorId, floorId)))
    .returning({ id: miniDevices.id });
  for (const { id } of moved)
    await tx.insert(deviceEvents).values({
      companyId,
      deviceId: id,
      actorId,
      kind: 'unbound',
      detail: { floorRemoved: true },
    });
  return moved.map((m) => m.id);
}
