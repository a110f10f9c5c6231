import type { MapPoint } from '@fleet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceEvents, miniDevices } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { buildingOf, floorOf } from '../buildings/repo.js';
import { deviceRule } from './device-rules.js';

/** Where a device is to go: a building of the company, a floor of it, a point on that floor's map. */
export interface Place {
  buildingId: string | null;
  floorId?: string | null | undefined;
  point?: MapPoint | null | undefined;
}

/** The place checked: its building and floor exist in the caller's company, the floor is the building's. */
export interface CheckedPlace {
  buildingId: string | null;
  buildingName: string | null;
  floorId: string | null;
  floorName: string | null;
  point: MapPoint | null;
}

/**
 * Checks a place against the company's buildings: another company's building or floor is not found, a floor of
 * another building or a point without a floor is the caller's mistake (400, naming the field).
 */
export async function checkPlace(
  db: Db,
  companyId: string,
  place: Place,
  field = 'body',
): Promise<CheckedPlace> {
  if (!place.buildingId) {
    if (place.floorId || place.point)
      throw badRequest(
        `${field}.buildingId`,
        'choose a building for the floor and point',
        deviceRule('placeNeedsBuilding'),
      );
    return { buildingId: null, buildingName: null, floorId: null, floorName: null, point: null };
  }
  const building = await buildingOf(db, companyId, place.buildingId);
  if (!place.floorId) {
    if (place.point)
      throw badRequest(`${field}.floorId`, 'choose the floor the point is on', deviceRule('pointNeedsFloor'));
    return {
      buildingId: building.id,
      buildingName: building.name,
      floorId: null,
      floorName: null,
      point: null,
    };
  }
  const floor = await floorOf(db, companyId, place.floorId);
  if (floor.buildingId !== building.id)
    throw badRequest(
      `${field}.floorId`,
      `${floor.name} is not a floor of ${building.name}`,
      deviceRule('floorNotOfBuilding', { floor: floor.name, building: building.name }),
    );
  return {
    buildingId: building.id,
    buildingName: building.name,
    floorId: floor.id,
    floorName: floor.name,
    point: place.point ?? null,
  };
}

/** Writes the device's place and the step on its timeline, in the caller's transaction. */
export async function writePlace(
  tx: Db,
  companyId: string,
  deviceId: string,
  place: CheckedPlace,
  actorId: string,
): Promise<void> {
  await tx
    .update(miniDevices)
    .set({
      buildingId: place.buildingId,
      floorId: place.floorId,
      pointX: place.point?.x ?? null,
      pointY: place.point?.y ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(miniDevices.companyId, companyId), eq(miniDevices.id, deviceId)));
  await tx.insert(deviceEvents).values({
    companyId,
    deviceId,
    actorId,
    kind: place.buildingId ? 'bound' : 'unbound',
    detail: place.buildingId
      ? { building: place.buildingName, floor: place.floorName, point: place.point }
      : {},
  });
}
