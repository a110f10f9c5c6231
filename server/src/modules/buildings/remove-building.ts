import { identityOf } from '../../fleet/identity-of.js';
import type { Services } from '../../services.js';
import { unbindDevicesOfBuilding } from '../devices/unbind-building.js';
import { robotIdsInBuilding, robotsByIds } from '../robots/repo.js';
import { discardObjects } from './discard-objects.js';
import { buildingOf, deleteBuilding, floorMapKeysOf } from './repo.js';

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
  const gone = await reg.transaction(async (tx) => {
    const floorRows = await floorMapKeysOf(tx, companyId, building.id);
    const robotIds = await robotIdsInBuilding(tx, companyId, building.id);
    const devices = await unbindDevicesOfBuilding(tx, companyId, building.id, actor.id);
    await deleteBuilding(tx, companyId, building.id);
    return { floorRows, robotIds, devices };
  });
  // The live store keeps each robot's building for /live and the robot list: it must forget this one now.
  for (const row of await robotsByIds(reg, gone.robotIds)) services.fleet.store.register(identityOf(row));
  // Its lift banks and lifts went with it: their sessions end and the lift link forgets them.
  services.lifts.forgetBuilding(building.id, actor);
  // Its devices stay, unbound: their open calls end and the device link follows.
  await services.devices.followMoved(gone.devices, 'the building was removed');
  await discardObjects(
    services,
    gone.floorRows.map((f) => f.mapKey),
  );
  return {
    name: building.name,
    floors: gone.floorRows.length,
    robotsUnassigned: gone.robotIds.length,
    miniDevicesUnassigned: gone.devices.length,
  };
}
