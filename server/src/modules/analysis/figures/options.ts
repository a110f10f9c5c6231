import type { AnalysisOptions } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import type { Session } from '../../../auth/sessions.js';
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
  const [first] = await services.reg
    .select({ day: sql<string | null>`min(${r.day})::text` })
    .from(r)
    .where(sql`${r.companyId} = any(${sql.param(companyIds)}::uuid[]) and not ${r.excluded}`);
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
