import { type AnalysisHeatmap, type AnalysisScope, HOURS_PER_DAY } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import type { Session } from '../../../auth/sessions.js';
import { rawRows } from '../../../db/raw-rows.js';
import type { Services } from '../../../services.js';
import { daySource } from './day-sums.js';
import { resolveScope } from './scope.js';

/** Working time and tasks done by ISO weekday and local hour, summed in the database from each day's hours (the
 * groups', or the robot days' when the scope names robots). */
export async function analysisHeatmap(
  services: Services,
  session: Session,
  scope: AnalysisScope,
): Promise<AnalysisHeatmap> {
  const resolved = await resolveScope(services, session, scope);
  // One row per weekday with the 24 hours' sums side by side: unnesting every day's hours into rows first made
  // a year of a thousand robots nine million rows to sort and group.
  const src = daySource(resolved.day);
  const sums = Array.from({ length: HOURS_PER_DAY }, (_, h) => {
    const at = sql.raw(String(h + 1));
    return sql`, sum(${src.hours('workingByHour')}[${at}])::float8 as ${sql.identifier(`w${h}`)}, sum(${src.hours('completedByHour')}[${at}])::float8 as ${sql.identifier(`t${h}`)}`;
  });
  const rows = await rawRows<Record<string, number>>(
    services.reg,
    sql`select extract(isodow from ${src.day})::int as weekday${sql.join(sums)}
    from ${src.table} where ${src.where} group by 1`,
  );
  const cells = new Map<string, { working: number; tasks: number }>();
  for (const row of rows)
    for (let hour = 0; hour < HOURS_PER_DAY; hour++)
      cells.set(`${row.weekday}|${hour}`, {
        working: Number(row[`w${hour}`]),
        tasks: Number(row[`t${hour}`]),
      });
  const out: AnalysisHeatmap['cells'] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const c = cells.get(`${weekday}|${hour}`);
      out.push({ weekday, hour, workingS: c?.working ?? 0, tasks: Math.round(c?.tasks ?? 0) });
    }
  }
  return { cells: out };
}
