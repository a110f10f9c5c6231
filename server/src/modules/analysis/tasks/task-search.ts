import {
  type AnalysisTask,
  type AnalysisTaskDetail,
  addDays,
  localDay,
  type PageResult,
  type TaskSearch,
} from '@fleet/contract';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Session } from '../../../auth/sessions.js';
import { notFound } from '../../../errors.js';
import {
  errorsDuring,
  statePiecesOf,
  type TaskFactRow,
  type TaskWindow,
  taskOf,
  tasksIn,
  taskColumns as tk,
} from '../../../fleet/history/facts-repo.js';
import type { Services } from '../../../services.js';
import { buildingZones } from '../../buildings/repo.js';
import { analysableCompanies, type Resolved, resolveScope } from '../figures/scope.js';
import { type RobotPlace, robotPlaces } from '../rollup/rollup-worker.js';
import { CompanySettings } from '../settings/resolve-settings.js';
import { settingsOf } from '../settings/settings-repo.js';
import { taskTotal } from './task-total.js';

/** The scope's robots, grouped by zone: a day range is other instants in each zone. */
function windowsOf(robots: readonly RobotPlace[], from: string, to: string): TaskWindow[] {
  const byZone = new Map<string, string[]>();
  for (const r of robots) byZone.set(r.timeZone, [...(byZone.get(r.timeZone) ?? []), r.id]);
  return [...byZone.entries()].map(([zone, robotIds]) => ({
    robotIds,
    timeZone: zone,
    from: new Date(localDay(from, zone).start),
    to: new Date(localDay(addDays(to, 1), zone).start),
  }));
}

/** Robots the company leaves out of its figures on the last day of the range are left out of the tasks too. */
async function countedRobots(services: Services, resolved: Resolved, to: string): Promise<RobotPlace[]> {
  const settings = new CompanySettings(await settingsOf(services.reg, resolved.companyId));
  return resolved.robots.filter((r) => !settings.isExcluded(r.id, r.buildingId, to));
}

function narrowing(s: TaskSearch): SQL | undefined {
  return and(
    s.since ? sql`${tk.endedAt} >= ${s.since}::timestamptz` : undefined,
    s.until ? sql`${tk.endedAt} < ${s.until}::timestamptz` : undefined,
    s.outcomes?.length ? sql`${tk.result} = any(${sql.param(s.outcomes)}::text[])` : undefined,
    s.types?.length ? sql`${tk.type} = any(${sql.param(s.types)}::text[])` : undefined,
    s.errorCode ? sql`${tk.errorCodes} ? ${s.errorCode}` : undefined,
  );
}

export function toTaskDto(
  t: TaskFactRow,
  robot: RobotPlace | undefined,
  buildingName: string | null,
): AnalysisTask {
  return {
    id: t.id,
    robotId: t.robotId,
    robotName: robot?.name ?? '',
    model: robot?.model ?? '',
    buildingId: t.buildingId,
    buildingName,
    timeZone: robot?.timeZone ?? 'UTC',
    type: t.type,
    outcome: t.result,
    startedAt: t.startedAt.toISOString(),
    endedAt: t.endedAt.toISOString(),
    durationS: (t.endedAt.getTime() - t.startedAt.getTime()) / 1000,
    distanceM: t.distanceM,
    plannedAreaM2: t.plannedAreaM2,
    cleanedAreaM2: t.cleanedAreaM2,
    liftRides: t.liftRides,
    liftWaitS: t.liftWaitS,
    interventions: t.interventions,
    errorCodes: t.errorCodes,
  };
}

/** The query behind a drill-down or a raw export: the windows and the narrowing, over the company's tasks. */
export async function taskQuery(services: Services, session: Session, s: TaskSearch) {
  const resolved = await resolveScope(services, session, s.scope);
  const robots = await countedRobots(services, resolved, s.scope.to);
  const byId = new Map(robots.map((r) => [r.id, r]));
  const buildings = await buildingZones(
    services.reg,
    robots.flatMap((r) => (r.buildingId ? [r.buildingId] : [])),
  );
  const windows = windowsOf(robots, s.scope.from, s.scope.to);
  const where = narrowing(s);
  const query = tasksIn(services.reg, resolved.day.companyIds, windows, where, {
    weekday: s.weekday,
    hour: s.hour,
  });
  const dto = (t: TaskFactRow) =>
    toTaskDto(t, byId.get(t.robotId), t.buildingId ? (buildings.get(t.buildingId)?.name ?? null) : null);
  const total = () =>
    taskTotal(services.reg, {
      companyIds: resolved.day.companyIds,
      windows,
      from: s.scope.from,
      to: s.scope.to,
      search: s,
      where,
    });
  return { query, dto, total, companyIds: resolved.day.companyIds };
}

export async function analysisTasks(
  services: Services,
  session: Session,
  page: { pageIndex: number; pageLength: number; requestData?: TaskSearch | undefined },
): Promise<PageResult<AnalysisTask>> {
  if (!page.requestData) return { list: [], totalCnt: 0 };
  const { query, dto, total } = await taskQuery(services, session, page.requestData);
  const [totalCnt, rows] = await Promise.all([
    total(),
    query.page((page.pageIndex - 1) * page.pageLength, page.pageLength),
  ]);
  return { list: rows.map(dto), totalCnt };
}

export async function analysisTask(
  services: Services,
  session: Session,
  id: string,
): Promise<AnalysisTaskDetail> {
  const companyIds = (await analysableCompanies(services, session)).map((c) => c.id);
  const t = await taskOf(services.reg, companyIds, id);
  if (!t) throw notFound('task');
  const [robot] = await robotPlaces(services.reg, { companyIds: [t.companyId], robotIds: [t.robotId] });
  const building = t.buildingId
    ? (await buildingZones(services.reg, [t.buildingId])).get(t.buildingId)
    : undefined;
  const [errors, pieces] = await Promise.all([
    errorsDuring(services.reg, t.companyId, t.robotId, t.startedAt, t.endedAt),
    statePiecesOf(services.reg, t.companyId, [t.robotId], t.startedAt, t.endedAt),
  ]);
  return {
    ...toTaskDto(t, robot, building?.name ?? null),
    orderId: t.orderId,
    errors: errors.map((e) => ({
      code: e.code,
      level: e.level,
      description: e.description,
      startedAt: e.startedAt.toISOString(),
      endedAt: e.endedAt?.toISOString() ?? null,
    })),
    states: pieces.map((p) => ({
      state: p.state,
      from: new Date(Math.max(p.startedAt.getTime(), t.startedAt.getTime())).toISOString(),
      to: new Date(Math.min(p.endedAt.getTime(), t.endedAt.getTime())).toISOString(),
    })),
  };
}
