import { type AnalysisFilter, type AnalysisRanking, kpiValues, type RankBy } from '@fleet/contract';
import type { Session } from '../../../auth/sessions.js';
import type { Services } from '../../../services.js';
import { buildingZones } from '../../buildings/repo.js';
import type { RobotPlace } from '../rollup/rollup-worker.js';
import { type DayScope, totalsBy } from './day-sums.js';
import { resolveScope } from './scope.js';

/** Every figure per robot, building or model over a scope, most tasks done first. */
export async function rankingOf(
  services: Services,
  day: DayScope,
  robots: readonly RobotPlace[],
  by: RankBy,
): Promise<AnalysisRanking> {
  const sums = await totalsBy(services.reg, day, by);
  const buildings = await buildingZones(
    services.reg,
    [...(by === 'building' ? sums.keys() : robots.map((x) => x.buildingId ?? ''))].filter(Boolean),
  );
  const byId = new Map(robots.map((x) => [x.id, x]));
  const rows = [...sums.entries()].map(([key, totals]) => {
    const robot = by === 'robot' ? byId.get(key) : undefined;
    const buildingId = by === 'building' ? key : (robot?.buildingId ?? null);
    const buildingName = buildingId ? (buildings.get(buildingId)?.name ?? null) : null;
    return {
      key,
      name: by === 'robot' ? (robot?.name ?? key) : by === 'building' ? (buildingName ?? '') : key,
      buildingName: by === 'robot' ? buildingName : null,
      model: by === 'robot' ? (robot?.model ?? null) : null,
      robots: totals.robots,
      values: kpiValues(totals),
    };
  });
  rows.sort((a, b) => (b.values.tasksDone ?? 0) - (a.values.tasksDone ?? 0) || a.name.localeCompare(b.name));
  return { by, rows };
}

/** The ranking of a filter the caller may see (the table on /analysis). */
export async function analysisRanking(
  services: Services,
  session: Session,
  filter: AnalysisFilter,
  by: RankBy,
): Promise<AnalysisRanking> {
  const resolved = await resolveScope(services, session, filter);
  return rankingOf(services, resolved.day, resolved.robots, by);
}
