import { localDateOf, localDay, TASK_OUTCOMES, type TaskSearch } from '@fleet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rawRows } from '../../../db/raw-rows.js';
import { analysisDirtyDays, analysisRobotDays } from '../../../db/schema/index.js';
import { type TaskWindow, tasksIn, tasksRecordedSince } from '../../../fleet/history/facts-repo.js';
import { markSql } from '../rollup/rollup-repo.js';

/*
 * The drill-down's total without counting millions of tasks. A robot day holds the count of the tasks that ended
 * in it (by outcome, and by local hour of the end: the page's `hour` reads the same clock), so for a day it
 * answers exactly what `count(*)` would — when it was built after the day ended (complete), in the zone the page
 * reads the robot's day in, from every task there is: not queued for a rebuild (late facts, a recompute) and with
 * no task recorded since the roll-up last read the facts. Every other robot day of the range (today, days queued
 * or not built, another zone) is counted from the tasks themselves with the page's own conditions, and so is the
 * whole range when the page narrows to what a robot day does not count (a type, an error code, since/until). The
 * two parts cover each robot's days of the range once, so the total is the number of rows the pages list.
 */

const d = analysisRobotDays;
const q = analysisDirtyDays;
const DAY_MS = 86_400_000;

/** More windows than this left to count from the tasks: the range is counted from them as the page reads it. */
const MOST_WINDOWS = 64;

/** The robot day's column that counts what the search lists, or null when no robot day can. */
function countColumn(s: TaskSearch): SQL | null {
  if (s.since || s.until || s.types?.length || s.errorCode) return null;
  const outcomes = new Set(s.outcomes?.length ? s.outcomes : TASK_OUTCOMES);
  const all = outcomes.size === TASK_OUTCOMES.length;
  if (s.hour !== undefined) {
    const at = sql.raw(String(s.hour + 1));
    if (all) return sql`${d.tasksByHour}[${at}]`;
    if (outcomes.size === 1 && outcomes.has('completed')) return sql`${d.completedByHour}[${at}]`;
    return null;
  }
  if (all) return sql`${d.tasks}`;
  return sql.join(
    [...outcomes].map((o) => sql`${d[o]}`),
    sql` + `,
  );
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday of a day number (day 0, 1970-01-01, was a Thursday). */
const weekdayOf = (n: number) => ((n + 3) % 7) + 1;

export interface TotalInput {
  companyIds: readonly string[];
  /** The page's windows: robots by zone over the range's days. */
  windows: readonly TaskWindow[];
  from: string;
  to: string;
  search: TaskSearch;
  /** The page's narrowing of the tasks. */
  where: SQL | undefined;
}

/** A robot's days that answer for their tasks: from `first` to `last` (every one of the range's days), or these. */
interface Covered {
  robotId: string;
  first: string;
  last: string;
  days: number;
  n: number;
}

/** Windows read together while they span at most this. */
const NEAR_MS = 3 * DAY_MS;

/** The windows in groups that each span at most NEAR_MS (a longer window alone). */
function nearTogether(windows: readonly TaskWindow[]): TaskWindow[][] {
  const out: { from: number; to: number; windows: TaskWindow[] }[] = [];
  for (const w of [...windows].sort((a, b) => a.from.getTime() - b.from.getTime())) {
    const last = out[out.length - 1];
    const to = Math.max(last?.to ?? 0, w.to.getTime());
    if (last && to - last.from <= NEAR_MS) {
      last.windows.push(w);
      last.to = to;
    } else out.push({ from: w.from.getTime(), to: w.to.getTime(), windows: [w] });
  }
  return out.map((g) => g.windows);
}

/** The number of tasks the drill-down lists. */
export async function taskTotal(db: Db, input: TotalInput): Promise<number> {
  const slot = { weekday: input.search.weekday, hour: input.search.hour };
  // Windows near in time (today in every zone) are counted by one read of the company's tasks between them, far
  // ones apart, all in one statement: a single count over every window would read the company's tasks from the
  // earliest to the latest (a day before registration and today: the whole year).
  const rawCount = async (windows: readonly TaskWindow[]) => {
    if (!windows.length) return 0;
    const counts = nearTogether(windows).map(
      (near) => sql`(${tasksIn(db, input.companyIds, near, input.where, slot).count()})`,
    );
    const [row] = await rawRows<{ n: number }>(
      db,
      sql`select coalesce(sum(c.n), 0)::int as n from (${sql.join(counts, sql` union all `)}) as c(n)`,
    );
    return Number(row?.n ?? 0);
  };
  const column = countColumn(input.search);
  if (!column) return rawCount(input.windows);

  // The range's days the page can list (a heat-map cell: only its weekday).
  const days: number[] = [];
  for (let n = dayNumber(input.from); n <= dayNumber(input.to); n++) {
    if (!input.search.weekday || weekdayOf(n) === input.search.weekday) days.push(n);
  }
  const zoneOf = new Map(input.windows.flatMap((w) => w.robotIds.map((id) => [id, w.timeZone] as const)));
  const robotIds = [...zoneOf.keys()];
  const byRobot = await coveredDays(db, input, robotIds, days, column, false);
  const count = (first: string, last: string) => {
    const [a, b] = [dayNumber(first), dayNumber(last)];
    return days.filter((n) => n >= a && n <= b).length;
  };
  // Most robots' answering days are one run; the others' are read day by day.
  const gaps = new Set(
    byRobot.filter((c) => Number(c.days) !== count(c.first, c.last)).map((c) => c.robotId),
  );
  const byDay = gaps.size ? await coveredDays(db, input, [...gaps], days, column, true) : [];
  const answers = new Map<string, (n: number) => boolean>();
  let total = 0;
  for (const c of byRobot) {
    total += Number(c.n);
    if (gaps.has(c.robotId)) continue;
    const [a, b] = [dayNumber(c.first), dayNumber(c.last)];
    answers.set(c.robotId, (n) => n >= a && n <= b);
  }
  const listed = new Map<string, Set<number>>();
  for (const c of byDay) {
    const set = listed.get(c.robotId) ?? new Set<number>();
    set.add(dayNumber(c.first));
    listed.set(c.robotId, set);
  }
  for (const [id, set] of listed) answers.set(id, (n) => set.has(n));

  const runs = new Map<string, TaskWindow & { robotIds: string[] }>();
  for (const [robotId, zone] of zoneOf) {
    const answered = answers.get(robotId);
    let start: number | null = null;
    const close = (end: number) => {
      if (start === null) return;
      const key = `${zone}|${start}|${end}`;
      const run = runs.get(key);
      if (run) run.robotIds.push(robotId);
      else
        runs.set(key, {
          robotIds: [robotId],
          timeZone: zone,
          from: new Date(localDay(dateOf(start), zone).start),
          to: new Date(localDay(dateOf(end + 1), zone).start),
        });
      start = null;
    };
    let last = 0;
    for (const n of days) {
      // Days between two of the range's days are not listed (another weekday): a run may span them.
      if (answered?.(n)) close(last);
      else start ??= n;
      last = n;
    }
    close(last);
  }
  if (runs.size > MOST_WINDOWS) return rawCount(input.windows);
  return total + (await rawCount([...runs.values()]));
}

/** The robot days that answer for their tasks (see above), with their count. */
async function coveredDays(
  db: Db,
  input: TotalInput,
  robotIds: readonly string[],
  days: readonly number[],
  column: SQL,
  /** One row per day (its date as first and last) instead of per robot. */
  perDay: boolean,
): Promise<Covered[]> {
  if (!robotIds.length || !days.length) return [];
  const zoneOf = new Map(input.windows.flatMap((w) => w.robotIds.map((id) => [id, w.timeZone] as const)));
  // Tasks recorded since the roll-up's mark may belong to days it built before they arrived.
  const late = new Map<string, { robotId: string; day: string }>();
  for (const t of await tasksRecordedSince(db, robotIds, markSql())) {
    const zone = zoneOf.get(t.robotId) as string;
    const day = localDateOf(t.endedAt.getTime(), zone);
    late.set(`${t.robotId}|${day}`, { robotId: t.robotId, day });
  }
  const lateRows = [...late.values()];
  const whole = days.length === dayNumber(input.to) - dayNumber(input.from) + 1;
  // Every robot day of the companies' range from analysis_robot_days_scope_idx alone, grouped by robot and zone;
  // the robots and zones the page reads are picked here (a join on them misled the planner into a heap read a day).
  const wanted = new Set(robotIds);
  const rows = await rawRows<Covered & { timeZone: string }>(
    db,
    sql`select ${d.robotId}::text as "robotId", ${d.timeZone} as "timeZone", ${
      perDay
        ? sql`${d.day}::text as first, ${d.day}::text as last, 1 as days, (${column})::float8 as n`
        : sql`min(${d.day})::text as first, max(${d.day})::text as last, count(*)::int as days, sum(${column})::float8 as n`
    }
      from ${d}
      where ${d.companyId} = any(${sql.param([...input.companyIds])}::uuid[])
        and ${
          whole
            ? sql`${d.day} >= ${input.from}::date and ${d.day} <= ${input.to}::date`
            : sql`${d.day} = any(${sql.param(days.map(dateOf))}::date[])`
        }
        and ${d.complete}
        ${perDay ? sql`and ${d.robotId} = any(${sql.param([...robotIds])}::uuid[])` : sql``}
        and not exists (select 1 from ${q} where ${q.robotId} = ${d.robotId} and ${q.day} = ${d.day})
        and not exists (select 1 from unnest(${sql.param(lateRows.map((l) => l.robotId))}::uuid[],
          ${sql.param(lateRows.map((l) => l.day))}::date[]) as l(robot_id, day)
          where l.robot_id = ${d.robotId} and l.day = ${d.day})
      ${perDay ? sql`` : sql`group by ${d.robotId}, ${d.timeZone}`}`,
  );
  return rows.filter((r) => wanted.has(r.robotId) && zoneOf.get(r.robotId) === r.timeZone);
}
