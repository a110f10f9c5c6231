import { authorize } from '../../auth/authorize.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { unplaceDevicesOfFloor } from '../devices/unbind-building.js';
import { assertServedHere } from '../regions/region-of.js';
import { discardObjects } from './discard-objects.js';
import { mapVersionOf, toFloorDto } from './dtos.js';
import { buildingOf, countedFloorOf, deleteFloor, floorOf, insertFloor, updateFloor } from './repo.js';
import { uploadFloorMap } from './upload-floor-map.js';

type FloorRouteId =
  | 'getFloor'
  | 'createFloor'
  | 'editFloor'
  | 'removeFloor'
  | 'uploadFloorMap'
  | 'getFloorMap';

/** A second floor on a level is refused by the unique index; the answer names the field. */
function levelTaken(err: unknown, level: number | undefined): never {
  if (isUniqueViolation(err))
    throw conflict(`body.level: the building has a floor on level ${level} already`);
  throw err;
}

export function floorHandlers(services: Services): Handlers<FloorRouteId> {
  const { reg } = services;
  const floorDto = async (companyId: string, id: string) =>
    toFloorDto(await countedFloorOf(reg, companyId, id));

  return {
    getFloor: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.read');
      return floorDto(session.companyId, params.id);
    },
    createFloor: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const building = await buildingOf(reg, session.companyId, body.buildingId);
      const id = await insertFloor(reg, {
        companyId: session.companyId,
        buildingId: building.id,
        name: body.name,
        level: body.level,
      }).catch((err: unknown) => levelTaken(err, body.level));
      await audit(services.dir, session, ip, 'floor.create', id, {
        name: body.name,
        level: body.level,
        buildingId: building.id,
      });
      return floorDto(session.companyId, id);
    },
    editFloor: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const { id, ...changes } = body;
      const fields = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
      await floorOf(reg, session.companyId, id);
      if (fields.length) {
        await updateFloor(reg, session.companyId, id, changes).catch((err: unknown) =>
          levelTaken(err, body.level),
        );
        await audit(services.dir, session, ip, 'floor.edit', id, { fields });
      }
      return floorDto(session.companyId, id);
    },
    removeFloor: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const row = await reg.transaction(async (tx) => {
        // Its devices stay in the building, off the map: their point was on this floor.
        const devices = await unplaceDevicesOfFloor(tx, session.companyId, params.id, session.userId);
        const gone = await deleteFloor(tx, session.companyId, params.id);
        return gone && { ...gone, devices };
      });
      if (!row) throw notFound('floor');
      await services.devices.followMoved(row.devices, 'the floor was removed');
      await discardObjects(services, [row.mapKey]);
      await audit(services.dir, session, ip, 'floor.remove', params.id, {
        name: row.name,
        level: row.level,
      });
      return null;
    },
    uploadFloorMap: async ({ params, body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const file = await uploadFloorMap(services, session.companyId, params.id, body);
      await audit(services.dir, session, ip, 'floor.uploadMap', params.id, {
        format: body.format,
        contentType: file.contentType,
        width: file.width,
        height: file.height,
        resolution: file.resolution,
        bytes: file.bytes.length,
      });
      return floorDto(session.companyId, params.id);
    },
    getFloorMap: async ({ params, query }, { session, request, reply }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.read');
      const floor = await floorOf(reg, session.companyId, params.id);
      if (!floor.mapKey || !floor.mapContentType) throw notFound('floor map');
      const version = mapVersionOf(floor.mapKey);
      const etag = `"${version}"`;
      // A URL naming the current version never changes its answer; any other is checked again each time.
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          query.v === version ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        );
      if (request.headers['if-none-match'] === etag) {
        reply.code(304);
        return Buffer.alloc(0);
      }
      const stored = await services.storage.get(floor.mapKey);
      if (!stored) {
        request.log.warn({ key: floor.mapKey }, 'floor map file missing from the store');
        throw notFound('floor map');
      }
      reply.header('content-type', floor.mapContentType);
      return stored.body;
    },
  };
}
