import {
  type AnalysisFilter,
  type AnalysisSummary,
  KPI_IDS,
  kpiValues,
  meetsTarget,
  previousPeriod,
} from '@fleet/contract';
import type { Session } from '../../../auth/sessions.js';
import type { Services } from '../../../services.js';
import { CompanySettings } from '../settings/resolve-settings.js';
import { settingsOf } from '../settings/settings-repo.js';
import { totalsOf } from './day-sums.js';
import { type Resolved, resolveScope } from './scope.js';

/** The targets that apply to a filter: the one robot's, else the one building's, else the company's. */
export async function targetsFor(services: Services, resolved: Resolved, scope: AnalysisFilter) {
  const settings = new CompanySettings(await settingsOf(services.reg, resolved.companyId));
  const robotId = scope.robotIds?.length === 1 ? (scope.robotIds[0] ?? null) : null;
  const robot = robotId ? resolved.robots.find((r) => r.id === robotId) : undefined;
  const buildingId =
    robot?.buildingId ?? (scope.buildingIds?.length === 1 ? (scope.buildingIds[0] ?? null) : null);
  return settings.targetsOn(scope.to, buildingId, robotId);
}

export async function analysisSummary(
  services: Services,
  session: Session,
  filter: AnalysisFilter,
): Promise<AnalysisSummary> {
  const resolved = await resolveScope(services, session, filter);
  const previous = filter.compare ? previousPeriod(filter.from, filter.to) : null;
  const [now, before, targets] = await Promise.all([
    totalsOf(services.reg, resolved.day),
    previous ? totalsOf(services.reg, { ...resolved.day, ...previous }) : null,
    targetsFor(services, resolved, filter),
  ]);
  const values = kpiValues(now);
  const earlier = before ? kpiValues(before) : null;
  return {
    period: { from: filter.from, to: filter.to },
    previousPeriod: previous,
    robots: now.robots,
    hasData: now.tasks > 0 || now.workingS + now.idleS + now.chargingS + now.pausedS + now.errorS > 0,
    cards: KPI_IDS.map((id) => ({
      id,
      value: values[id],
      previous: earlier ? earlier[id] : null,
      target: targets[id] ?? null,
      meetsTarget: meetsTarget(id, values[id], targets[id]),
    })),
  };
}
