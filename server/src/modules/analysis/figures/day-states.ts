import type { statesSearch } from '@fleet/contract';
import { localDay, type PageResult, type RobotDayStates, type StateKind } from '@fleet/contract';
import type { z } from 'zod';
import type { Session } from '../../../auth/sessions.js';
import { statePiecesOf } from '../../../fleet/history/facts-repo.js';
import type { Services } from '../../../services.js';
import { buildingZones } from '../../buildings/repo.js';
import { resolveScope } from './scope.js';

type Piece = { state: StateKind; from: number; to: number; codes: string[] };

/** Joins touching pieces of one state and codes (the recorder cuts long states every 15 minutes). */
function joined(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && last.state === p.state && last.to >= p.from && last.codes.join() === p.codes.join()) {
      last.to = Math.max(last.to, p.to);
    } else out.push({ ...p });
  }
  return out;
}

/** One day of each robot in scope as a timeline; what nothing covers (up to now) is offline. */
export async function analysisStates(
  services: Services,
  session: Session,
  page: { pageIndex: number; pageLength: number; requestData?: z.infer<typeof statesSearch> | undefined },
): Promise<PageResult<RobotDayStates>> {
  const search = page.requestData;
  if (!search) return { list: [], totalCnt: 0 };
  const resolved = await resolveScope(services, session, {
    ...search.scope,
    from: search.date,
    to: search.date,
  });
  const robots = resolved.robots.slice(
    (page.pageIndex - 1) * page.pageLength,
    page.pageIndex * page.pageLength,
  );
  if (!robots.length) return { list: [], totalCnt: resolved.robots.length };
  const days = new Map(robots.map((r) => [r.id, localDay(search.date, r.timeZone)]));
  const from = Math.min(...[...days.values()].map((d) => d.start));
  const to = Math.max(...[...days.values()].map((d) => d.end));
  const rows = await statePiecesOf(
    services.reg,
    resolved.day.companyIds,
    robots.map((r) => r.id),
    new Date(from),
    new Date(to),
  );
  const buildings = await buildingZones(
    services.reg,
    robots.flatMap((r) => (r.buildingId ? [r.buildingId] : [])),
  );
  const now = Date.now();
  const list = robots.map((robot) => {
    const day = days.get(robot.id) as ReturnType<typeof localDay>;
    const start = Math.max(day.start, Math.min(robot.createdAt.getTime(), day.end));
    const end = Math.max(start, Math.min(day.end, now));
    const pieces: Piece[] = [];
    let cursor = start;
    for (const p of rows) {
      if (p.robotId !== robot.id) continue;
      const a = Math.max(p.startedAt.getTime(), cursor);
      const b = Math.min(p.endedAt.getTime(), end);
      if (b <= a) continue;
      if (a > cursor) pieces.push({ state: 'offline', from: cursor, to: a, codes: [] });
      pieces.push({ state: p.state, from: a, to: b, codes: p.errorCodes });
      cursor = b;
    }
    if (cursor < end) pieces.push({ state: 'offline', from: cursor, to: end, codes: [] });
    return {
      robotId: robot.id,
      robotName: robot.name,
      buildingName: robot.buildingId ? (buildings.get(robot.buildingId)?.name ?? null) : null,
      timeZone: robot.timeZone,
      dayStart: new Date(day.start).toISOString(),
      dayEnd: new Date(day.end).toISOString(),
      intervals: joined(pieces).map((p) => ({
        state: p.state,
        from: new Date(p.from).toISOString(),
        to: new Date(p.to).toISOString(),
        codes: p.codes,
      })),
    };
  });
  return { list, totalCnt: resolved.robots.length };
}
