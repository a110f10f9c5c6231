import type { AnalysisErrors, AnalysisScope } from '@fleet/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Session } from '../../../auth/sessions.js';
import { analysisErrorDays } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { dayColumns as r, scopeWhere } from './day-sums.js';
import { resolveScope } from './scope.js';

/** Codes by count, most first; the robot days they belong to carry the scope (building, model, exclusions). */
export async function analysisErrors(
  services: Services,
  session: Session,
  scope: AnalysisScope,
): Promise<AnalysisErrors> {
  const resolved = await resolveScope(services, session, scope);
  const e = analysisErrorDays;
  const count = sql<number>`sum(${e.count})::int`;
  const rows = await services.reg
    .select({
      code: e.code,
      count,
      robots: sql<number>`count(distinct ${e.robotId})::int`,
      downtimeS: sql<number>`sum(${e.downtimeS})::float8`,
    })
    .from(e)
    .innerJoin(r, and(eq(r.robotId, e.robotId), eq(r.day, e.day)))
    .where(scopeWhere(resolved.day))
    .groupBy(e.code)
    .orderBy(desc(count), e.code);
  const codes = rows.filter((x) => x.count > 0 || x.downtimeS > 0);
  return { codes, total: codes.reduce((a, x) => a + x.count, 0) };
}
