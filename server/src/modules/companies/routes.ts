import type { CompanyListItem } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import { accessibleCompanies } from '../../auth/company-access.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { devicesNamedLike } from '../devices/repo.js';
import { memberCounts } from '../people/repo.js';
import { robotsWithSerialLike } from '../robots/repo.js';
import { allCompanies, companiesByIds, findSubsidiaries } from './repo.js';
import { createSubsidiary, renameSubsidiary } from './subsidiaries.js';

function toListItem(c: {
  id: string;
  name: string;
  parentId: string | null;
  region: string;
}): CompanyListItem {
  return {
    id: c.id,
    name: c.name,
    parentId: c.parentId,
    isSubsidiary: c.parentId !== null,
    region: c.region,
  };
}

type CompanyRouteId =
  | 'listCompanies'
  | 'listOnesCompanies'
  | 'searchSubsidiaries'
  | 'createSubsidiary'
  | 'renameSubsidiary'
  | 'searchByDevice'
  | 'companyByDeviceName';

export function companyHandlers(services: Services): Handlers<CompanyRouteId> {
  const { dir, reg } = services;

  async function ownersOfDevices(deviceName: string) {
    const devices = [
      ...(await devicesNamedLike(reg, deviceName, 50)).map((d) => ({ ...d, kind: 'miniDevice' as const })),
      ...(await robotsWithSerialLike(reg, deviceName, 50)).map((r) => ({ ...r, kind: 'robot' as const })),
    ];
    if (!devices.length) return [];
    const owners = await companiesByIds(
      dir,
      devices.map((d) => d.companyId),
    );
    const byId = new Map(owners.map((o) => [o.id, o]));
    return devices.flatMap((d) => {
      const owner = byId.get(d.companyId);
      return owner
        ? [
            {
              kind: d.kind,
              deviceId: d.id,
              deviceName: d.name,
              companyId: owner.id,
              companyName: owner.name,
              region: owner.region,
            },
          ]
        : [];
    });
  }

  /** The companies a person may open: asked by every page the console shows (its header), so kept (auth-cache.ts). */
  const companiesOf = (userId: string) =>
    services.auth.get(`companies:${userId}`, userId, () => accessibleCompanies(dir, userId));

  return {
    listCompanies: async (_input, { session }) => {
      if (session.isSuperAdmin) {
        const all = await allCompanies(dir);
        return all.map(toListItem);
      }
      const mine = await companiesOf(session.userId);
      return mine.map((c) => toListItem({ ...c, id: c.companyId }));
    },
    listOnesCompanies: async ({ query }, { session }) => {
      const needle = query.companyName?.toLowerCase() ?? '';
      const mine = await companiesOf(session.userId);
      return mine
        .filter((c) => !needle || c.name.toLowerCase().includes(needle))
        .map((c) => toListItem({ ...c, id: c.companyId }));
    },
    searchSubsidiaries: async ({ body }, { session }) => {
      authorize(session, 'companies.read');
      const { rows, total } = await findSubsidiaries(dir, session.companyId, body.requestData?.name, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      const peopleOf = await memberCounts(
        dir,
        rows.map((r) => r.id),
      );
      return {
        list: rows.map((r) => ({
          ...toListItem(r),
          peopleCount: peopleOf.get(r.id) ?? 0,
          createdAt: r.createdAt.toISOString(),
        })),
        totalCnt: total,
      };
    },
    createSubsidiary: ({ body }, { session, ip }) => createSubsidiary(services, session, body.name, ip),
    renameSubsidiary: ({ body }, { session, ip }) =>
      renameSubsidiary(services, session, body.id, body.name, ip),
    searchByDevice: ({ query }) => ownersOfDevices(query.deviceName),
    companyByDeviceName: ({ query }) => ownersOfDevices(query.deviceName),
  };
}
