import type { AnalysisOptions } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import type { Session } from '../../../auth/sessions.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { Services } from '../../../services.js';
import { buildingClocksOf } from '../../buildings/repo.js';
import { robotPlaces } from '../rollup/rollup-worker.js';
import { dayColumns as r } from './day-sums.js';
import { analysableCompanies } from './scope.js';

/** What the filters offer: the caller's companies (and subsidiaries they may see), buildings, robots, models. */
export async function analysisOptions(services: Services, session: Session): Promise<AnalysisOptions> {
  const companies = await analysableCompanies(services, session);
  const companyIds = companies.map((c) => c.id);
  const [robots, buildings] = await Promise.all([
    robotPlaces(services.reg, { companyIds }),
    buildingClocksOf(services.reg, companyIds),
  ]);
  // Each company's first day read from the top of its index (company, day): `min` over `= any(…)` scanned the
  // whole table.
  const [first] = await rawRows<{ day: string | null }>(
    services.reg,
    sql`select min(f.day)::text as day from unnest(${sql.param(companyIds)}::uuid[]) as c(id)
      cross join lateral (
        select ${r.day} as day from ${r} where ${r.companyId} = c.id and not ${r.excluded} order by ${r.day} limit 1
      ) f`,
  );
  return {
    companies: companies.map((c) => ({ id: c.id, name: c.name, isSubsidiary: c.parentId !== null })),
    buildings,
    robots: robots.map((x) => ({
      id: x.id,
      companyId: x.companyId,
      name: x.name,
      model: x.model,
      buildingId: x.buildingId,
    })),
    models: [...new Set(robots.map((x) => x.model))].sort(),
    firstDay: first?.day ?? null,
  };
}
