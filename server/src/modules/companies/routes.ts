import type { CompanyListItem } from '@fleet/contract';
import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import { companies, memberships, miniDevices } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { accessibleCompanies } from '../auth/company-access.js';
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
    const devices = await reg
      .select({ id: miniDevices.id, name: miniDevices.name, companyId: miniDevices.companyId })
      .from(miniDevices)
      .where(ilike(miniDevices.name, containsPattern(deviceName)))
      .orderBy(asc(miniDevices.name))
      .limit(50);
    if (!devices.length) return [];
    const owners = await dir
      .select({ id: companies.id, name: companies.name, region: companies.region })
      .from(companies)
      .where(inArray(companies.id, [...new Set(devices.map((d) => d.companyId))]));
    const byId = new Map(owners.map((o) => [o.id, o]));
    return devices.flatMap((d) => {
      const owner = byId.get(d.companyId);
      return owner
        ? [
            {
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

  return {
    listCompanies: async (_input, { session }) => {
      if (session.isSuperAdmin) {
        const all = await dir.select().from(companies).orderBy(asc(companies.name));
        return all.map(toListItem);
      }
      const mine = await accessibleCompanies(dir, session.userId);
      return mine.map((c) => toListItem({ ...c, id: c.companyId }));
    },
    listOnesCompanies: async ({ query }, { session }) => {
      const needle = query.companyName?.toLowerCase() ?? '';
      const mine = await accessibleCompanies(dir, session.userId);
      return mine
        .filter((c) => !needle || c.name.toLowerCase().includes(needle))
        .map((c) => toListItem({ ...c, id: c.companyId }));
    },
    searchSubsidiaries: async ({ body }, { session }) => {
      authorize(session, 'companies.read');
      const name = body.requestData?.name;
      const where = and(
        eq(companies.parentId, session.companyId),
        name ? ilike(companies.name, containsPattern(name)) : undefined,
      );
      const rows = await dir
        .select()
        .from(companies)
        .where(where)
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(body.pageLength)
        .offset((body.pageIndex - 1) * body.pageLength);
      const [total] = await dir.select({ n: count() }).from(companies).where(where);
      const people = rows.length
        ? await dir
            .select({ companyId: memberships.companyId, n: count() })
            .from(memberships)
            .where(
              inArray(
                memberships.companyId,
                rows.map((r) => r.id),
              ),
            )
            .groupBy(memberships.companyId)
        : [];
      const peopleOf = new Map(people.map((p) => [p.companyId, p.n]));
      return {
        list: rows.map((r) => ({
          ...toListItem(r),
          peopleCount: peopleOf.get(r.id) ?? 0,
          createdAt: r.createdAt.toISOString(),
        })),
        totalCnt: total?.n ?? 0,
      };
    },
    createSubsidiary: ({ body }, { session, ip }) => createSubsidiary(services, session, body.name, ip),
    renameSubsidiary: ({ body }, { session, ip }) =>
      renameSubsidiary(services, session, body.id, body.name, ip),
    searchByDevice: ({ query }) => ownersOfDevices(query.deviceName),
    companyByDeviceName: ({ query }) => ownersOfDevices(query.deviceName),
  };
}
