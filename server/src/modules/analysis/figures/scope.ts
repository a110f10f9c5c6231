import { type AnalysisScope, can } from '@fleet/contract';
import { actorOf, authorize } from '../../../auth/authorize.js';
import type { Session } from '../../../auth/sessions.js';
import { notFound } from '../../../errors.js';
import type { Services } from '../../../services.js';
import { buildingZones } from '../../buildings/repo.js';
import { companyOf, subsidiariesOf } from '../../companies/repo.js';
import { type RobotPlace, robotPlaces } from '../rollup/rollup-worker.js';
import type { DayScope } from './day-sums.js';

/** A filter made safe: the companies the caller may analyse, and the robots it reaches with their zones. */
export interface Resolved {
  day: DayScope;
  /** The robots of the companies in scope that match the filter's buildings, robots and models. */
  robots: RobotPlace[];
  /** The signed-in company: its settings give the targets. */
  companyId: string;
}

/** The companies a caller may analyse: the signed-in one and, with companies.read, its subsidiaries. */
export async function analysableCompanies(services: Services, session: Session) {
  authorize(session, 'analysis.read');
  const own = await companyOf(services.dir, session.companyId);
  if (!own) throw notFound('company');
  const subs = can(actorOf(session), 'companies.read').allowed
    ? await subsidiariesOf(services.dir, own.id)
    : [];
  return [own, ...subs];
}

/**
 * Checks a filter against what the caller may see: a company, building or robot that is not theirs answers 404,
 * as it would anywhere else.
 */
export async function resolveScope(
  services: Services,
  session: Session,
  scope: AnalysisScope,
): Promise<Resolved> {
  const allowed = await analysableCompanies(services, session);
  const allowedIds = new Set(allowed.map((c) => c.id));
  const companyIds = scope.companyIds ?? [session.companyId];
  for (const id of companyIds) if (!allowedIds.has(id)) throw notFound('company');
  const all = await robotPlaces(services.reg, { companyIds });
  const buildingIds = new Set(all.flatMap((r) => (r.buildingId ? [r.buildingId] : [])));
  for (const id of scope.buildingIds ?? []) {
    if (!buildingIds.has(id) && !(await buildingOfAny(services, companyIds, id))) throw notFound('building');
  }
  for (const id of scope.robotIds ?? []) if (!all.some((r) => r.id === id)) throw notFound('robot');
  const robots = all.filter(
    (r) =>
      (!scope.buildingIds?.length || (r.buildingId !== null && scope.buildingIds.includes(r.buildingId))) &&
      (!scope.robotIds?.length || scope.robotIds.includes(r.id)) &&
      (!scope.models?.length || scope.models.includes(r.model)),
  );
  return {
    companyId: session.companyId,
    robots,
    day: {
      companyIds,
      buildingIds: scope.buildingIds,
      robotIds: scope.robotIds,
      models: scope.models,
      from: scope.from,
      to: scope.to,
    },
  };
}

/** A building with no robots is still the company's: its figures are simply empty. */
async function buildingOfAny(
  services: Services,
  companyIds: readonly string[],
  id: string,
): Promise<boolean> {
  const found = (await buildingZones(services.reg, [id])).get(id);
  return found !== undefined && companyIds.includes(found.companyId);
}
