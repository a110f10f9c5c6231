import { ADDITIVE_FIELDS, HOURS_PER_DAY } from '@fleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { analysisGroupDays, analysisRobotDays } from '../../../db/schema/index.js';

/*
 * The group roll-up (company × building × model × day) is never adjusted by differences: every (company, day) a
 * write of robot days touches is summed again from its robot days, in the same transaction. Whatever happened to
 * a robot day (late facts, a recompute, a robot that moved building or company, an exclusion), its groups then
 * equal the sum of what the robot days say.
 */

const r = analysisRobotDays;
const g = analysisGroupDays;

/** The hourly arrays a robot day keeps and a group sums, element by element. */
export const HOURLY_FIELDS = [
  'workingByHour',
  'completedByHour',
  'scheduledByHour',
  'scheduledWorkingByHour',
  'tasksByHour',
] as const;
export type HourlyField = (typeof HOURLY_FIELDS)[number];

/** A company's day whose groups are summed again. */
export interface GroupDay {
  companyId: string;
  day: string;
}

const col = (name: string) => sql.identifier(name);

/** Each group column and how it is summed from the robot days of the group. */
function groupSums(): { name: string; value: SQL }[] {
  const out = [
    { name: g.robots.name, value: sql`count(*)::int` },
    { name: g.activeRobots.name, value: sql`(count(*) filter (where ${col(r.active.name)}))::int` },
  ];
  for (const f of ADDITIVE_FIELDS) {
    const type = g[f].getSQLType() === 'integer' ? 'int' : 'float8';
    out.push({ name: g[f].name, value: sql`sum(${col(r[f].name)})::${sql.raw(type)}` });
  }
  for (const f of HOURLY_FIELDS) {
    const each = Array.from(
      { length: HOURS_PER_DAY },
      (_, h) => sql`sum(${col(r[f].name)}[${sql.raw(String(h + 1))}])`,
    );
    out.push({ name: g[f].name, value: sql`array[${sql.join(each, sql`, `)}]::float8[]` });
  }
  return out;
}

const SUMS = groupSums();
const KEY = [r.companyId.name, r.day.name, r.buildingId.name, r.model.name];

/** Sums these companies' days again from their counted robot days; call inside the transaction that wrote them. */
export async function rebuildGroups(tx: Db, days: readonly GroupDay[]): Promise<void> {
  if (!days.length) return;
  const companies = sql`${sql.param(days.map((d) => d.companyId))}::uuid[]`;
  const dates = sql`${sql.param(days.map((d) => d.day))}::date[]`;
  await tx.execute(sql`delete from ${g} using unnest(${companies}, ${dates}) as u(company_id, day)
    where ${g.companyId} = u.company_id and ${g.day} = u.day`);
  const names = sql.join(
    [...KEY, ...SUMS.map((s) => s.name)].map((n) => col(n)),
    sql`, `,
  );
  const key = sql.join(
    KEY.map((n) => sql`d.${col(n)}`),
    sql`, `,
  );
  await tx.execute(sql`insert into ${g} (${names})
    select ${key}, ${sql.join(
      SUMS.map((s) => s.value),
      sql`, `,
    )}
    from ${r} d join unnest(${companies}, ${dates}) as u(company_id, day)
      on d.${col(r.companyId.name)} = u.company_id and d.${col(r.day.name)} = u.day
    where not d.${col(r.excluded.name)}
    group by ${key}`);
}

/** Two-key advisory locks (their own space): a class for the roll-up's writes, then the company. */
const LOCK_CLASS = 0x66636772;

/**
 * Serialises writes of the same companies' robot days until the transaction ends: two instances building robot
 * days of one company and day at once would each sum the groups without the other's rows, and the later commit
 * would leave groups that miss the earlier one's. Companies are locked in one order so two writers never wait on
 * each other.
 */
export async function lockCompanies(tx: Db, companyIds: readonly string[]): Promise<void> {
  const ids = [...new Set(companyIds)].sort();
  if (!ids.length) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(c)) from unnest(${sql.param(ids)}::text[]) with ordinality as u(c, n) order by n`,
  );
}
