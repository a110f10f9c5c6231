import { and, eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import { buildings } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { toBuildingDto, toFloorDto } from './dtos.js';
import { removeBuilding } from './remove-building.js';
import { countedBuildingOf, findBuildings, floorsOf } from './repo.js';

type BuildingRouteId =
  | 'searchBuildings'
  | 'getBuilding'
  | 'createBuilding'
  | 'editBuilding'
  | 'removeBuilding';

export function buildingHandlers(services: Services): Handlers<BuildingRouteId> {
  const { reg } = services;
  const detail = async (companyId: string, id: string) => ({
    ...toBuildingDto(await countedBuildingOf(reg, companyId, id)),
    floors: (await floorsOf(reg, companyId, id)).map(toFloorDto),
  });

  return {
    searchBuildings: async ({ body }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.read');
      const { list, total } = await findBuildings(reg, session.companyId, body.requestData?.name, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      return { list: list.map(toBuildingDto), totalCnt: total };
    },
    getBuilding: async ({ params }, { session }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.read');
      return detail(session.companyId, params.id);
    },
    createBuilding: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const [row] = await reg
        .insert(buildings)
        .values({
          companyId: session.companyId,
          name: body.name,
          address: body.address ?? null,
          latitude: body.latitude ?? null,
          longitude: body.longitude ?? null,
          timeZone: body.timeZone,
        })
        .returning({ id: buildings.id });
      if (!row) throw new Error('building not created');
      await audit(services.dir, session, ip, 'building.create', row.id, { name: body.name });
      return detail(session.companyId, row.id);
    },
    editBuilding: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const { id, ...changes } = body;
      const fields = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
      if (fields.length) {
        const [row] = await reg
          .update(buildings)
          .set(changes)
          .where(and(eq(buildings.companyId, session.companyId), eq(buildings.id, id)))
          .returning({ id: buildings.id });
        if (!row) throw notFound('building');
        await audit(services.dir, session, ip, 'building.edit', id, { fields });
      }
      return detail(session.companyId, id);
    },
    removeBuilding: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const removed = await removeBuilding(services, session.companyId, params.id);
      await audit(services.dir, session, ip, 'building.remove', params.id, removed);
      return null;
    },
  };
}
