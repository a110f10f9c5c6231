import { CONNECTION_STATES, HISTORY_POINTS_MAX, type RobotHistory } from '@fleet/contract';
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { robotStateSamples } from '../../db/schema/index.js';

type Connection = (typeof CONNECTION_STATES)[number];
const isConnection = (v: string | null): v is Connection => CONNECTION_STATES.some((c) => c === v);

/**
 * A robot's samples of the last `hours`, oldest first. More than HISTORY_POINTS_MAX are thinned in the
 * database: the window is cut into that many equal slices and each slice keeps its last sample, so a chart
 * shows the state at the end of each slice and no browser receives a day of 10-second samples.
 */
export async function robotHistory(
  db: Db,
  companyId: string,
  robotId: string,
  hours: number,
  now = new Date(),
): Promise<RobotHistory> {
  const from = new Date(now.getTime() - hours * 3_600_000);
  const s = robotStateSamples;
  const scope = and(eq(s.companyId, companyId), eq(s.robotId, robotId), gte(s.at, from), lte(s.at, now));
  const columns = {
    at: s.at,
    status: s.status,
    battery: s.battery,
    charging: s.charging,
    connection: s.connection,
  };
  const [total] = await db.select({ n: count() }).from(s).where(scope);
  let rows: Pick<typeof s.$inferSelect, keyof typeof columns>[];
  if ((total?.n ?? 0) <= HISTORY_POINTS_MAX) {
    rows = await db.select(columns).from(s).where(scope).orderBy(asc(s.at));
  } else {
    // Slices count from `from`, the last one closed at `now`. The numbers are written into the SQL rather
    // than bound: DISTINCT ON must repeat the ORDER BY expression exactly, and parameters would make two
    // expressions of it. Both are numbers computed here, never input.
    const start = sql.raw(String(from.getTime() / 1000));
    const sliceSeconds = sql.raw(String((hours * 3600) / HISTORY_POINTS_MAX));
    const last = sql.raw(String(HISTORY_POINTS_MAX - 1));
    const slice = sql`least(floor((extract(epoch from ${s.at}) - ${start}) / ${sliceSeconds}), ${last})`;
    rows = await db.selectDistinctOn([slice], columns).from(s).where(scope).orderBy(slice, desc(s.at));
    rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return {
    robotId,
    from: from.toISOString(),
    to: now.toISOString(),
    samples: rows.map((r) => ({
      at: r.at.toISOString(),
      status: r.status,
      battery: r.battery,
      charging: r.charging,
      connection: isConnection(r.connection) ? r.connection : null,
    })),
  };
}
