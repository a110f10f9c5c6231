import { actorDisplayName } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { toBuildingDto, toFloorDto } from './dtos.js';
import { removeBuilding } from './remove-building.js';
import { countedBuildingOf, findBuildings, floorsOf, insertBuilding, updateBuilding } from './repo.js';

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
      const id = await insertBuilding(reg, {
        companyId: session.companyId,
        name: body.name,
        address: body.address ?? null,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        timeZone: body.timeZone,
      });
      await audit(services.dir, session, ip, 'building.create', id, { name: body.name });
      return detail(session.companyId, id);
    },
    editBuilding: async ({ body }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const { id, ...changes } = body;
      const fields = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
      if (fields.length) {
        if (!(await updateBuilding(reg, session.companyId, id, changes))) throw notFound('building');
        await audit(services.dir, session, ip, 'building.edit', id, { fields });
      }
      return detail(session.companyId, id);
    },
    removeBuilding: async ({ params }, { session, ip }) => {
      assertServedHere(services, session);
      authorize(session, 'buildings.manage');
      const removed = await removeBuilding(services, session.companyId, params.id, {
        id: session.userId,
        name: actorDisplayName(session.profile),
      });
      await audit(services.dir, session, ip, 'building.remove', params.id, removed);
      return null;
    },
  };
}
