import { authorize } from '../../auth/authorize.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { toStationDto } from './dtos.js';
import {
  deleteStation,
  type FloorRow,
  floorOf,
  insertStation,
  stationOf,
  stationsOf,
  updateStation,
} from './repo.js';

type StationRouteId = 'listStations' | 'createStation' | 'editStation' | 'removeStation';

function nameTaken(err: unknown, name: string | undefined): never {
  if (isUniqueViolation(err)) throw conflict(`body.name: the floor has a station named ${name} already`);
  throw err;
}

/** On a floor with a map, a station must lie on it: one off the map is a typo, and no robot could reach it. */
function assertOnMap(floor: FloorRow, x: number, y: number): void {
  const { mapWidth: w, mapHeight: h, mapResolution: r, mapOriginX: ox, mapOriginY: oy } = floor;
  if (w === null || h === null || r === null || ox === null || oy === null) return;
  const [maxX, maxY] = [ox + w * r, oy + h * r];
  if (x < ox || x > maxX)
    throw badRequest('body.x', `outside the floor map (${round(ox)} … ${round(maxX)} m)`);
  if (y < oy || y > maxY)
    throw badRequest('body.y', `outside the floor map (${round(oy)} … ${round(maxY)} m)`);
}
const round = (v: number) => Math.round(v * 100) / 100;

export function stationHandlers(services: Services): Handlers<StationRouteId> {
  const { reg } = services;
  return {
    listStations: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.read');
      const floor = await floorOf(reg, session.companyId, params.id);
      return (await stationsOf(reg, session.companyId, floor.id)).map(toStationDto);
    },
    createStation: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const floor = await floorOf(reg, session.companyId, body.floorId);
      assertOnMap(floor, body.x, body.y);
      const row = await insertStation(reg, {
        ...body,
        companyId: session.companyId,
        floorId: floor.id,
      }).catch((err: unknown) => nameTaken(err, body.name));
      await audit(services.dir, session, ip, 'station.create', row.id, {
        name: row.name,
        floorId: floor.id,
      });
      return toStationDto(row);
    },
    editStation: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const { id, ...changes } = body;
      const current = await stationOf(reg, session.companyId, id);
      assertOnMap(
        await floorOf(reg, session.companyId, current.floorId),
        changes.x ?? current.x,
        changes.y ?? current.y,
      );
      const fields = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
      if (!fields.length) return toStationDto(current);
      const row = await updateStation(reg, session.companyId, id, changes).catch((err: unknown) =>
        nameTaken(err, body.name),
      );
      if (!row) throw notFound('station');
      await audit(services.dir, session, ip, 'station.edit', id, { fields });
      return toStationDto(row);
    },
    removeStation: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const row = await deleteStation(reg, session.companyId, params.id);
      if (!row) throw notFound('station');
      await audit(services.dir, session, ip, 'station.remove', params.id, row);
      return null;
    },
  };
}
