import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { addDays, localDateOf } from '@fleet/contract';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { type Database, type Db, openDatabase } from '../../server/src/db/client.js';
import { runMigrations } from '../../server/src/db/migrate.js';
import { rawRows } from '../../server/src/db/raw-rows.js';
import { buildings, companies, floors, robots } from '../../server/src/db/schema/index.js';
import { writePast } from '../../server/src/demo/demo-history.js';
import { type PastRobot, pastWork, type RobotKind } from '../../server/src/demo/past-work.js';
import { seedDemo } from '../../server/src/demo/seed-demo.js';
import { queuedCount, writeMark } from '../../server/src/modules/analysis/rollup/rollup-repo.js';
import { RollupWorker } from '../../server/src/modules/analysis/rollup/rollup-worker.js';
import { round } from '../support/stats.js';

/*
 * A year of a fleet's past for the analysis bench: Acme's demo, ten buildings in as many time zones, and robots
 * (couriers, cleaners, tugs) registered a year ago, each with a year of facts from the demo's own generator
 * (`pastWork`, coarse), then the roll-ups built by the server's RollupWorker. Writing it takes many minutes, so
 * the database keeps a note of what it holds (table bench_analysis_year) and a later run uses it as it is.
 */

export const YEAR_DAYS = 365;
const META = 'bench_analysis_year';
/** Bumped when the generated year changes shape: an older database is then generated again. */
const SHAPE = 1;

const SITES = [
  { name: 'Bench Los Angeles', timeZone: 'America/Los_Angeles' },
  { name: 'Bench Chicago', timeZone: 'America/Chicago' },
  { name: 'Bench New York', timeZone: 'America/New_York' },
  { name: 'Bench São Paulo', timeZone: 'America/Sao_Paulo' },
  { name: 'Bench London', timeZone: 'Europe/London' },
  { name: 'Bench Berlin', timeZone: 'Europe/Berlin' },
  { name: 'Bench Mumbai', timeZone: 'Asia/Kolkata' },
  { name: 'Bench Shanghai', timeZone: 'Asia/Shanghai' },
  { name: 'Bench Tokyo', timeZone: 'Asia/Tokyo' },
  { name: 'Bench Sydney', timeZone: 'Australia/Sydney' },
] as const;

/** Four couriers, three cleaners and three tugs in every ten robots; the demo's models, so kinds read the same. */
const KINDS: readonly { kind: RobotKind; model: string }[] = [
  ...Array.from({ length: 4 }, () => ({ kind: 'courier' as const, model: 'Courier C2' })),
  ...Array.from({ length: 3 }, () => ({ kind: 'cleaner' as const, model: 'Scrubber S1' })),
  ...Array.from({ length: 3 }, () => ({ kind: 'tug' as const, model: 'Tug T3' })),
];

/** Where the year lives: PostgreSQL (url) or PGlite in dataDir; `reset` empties it for a new year. */
export interface YearStore {
  url: string | undefined;
  dataDir: string;
  label: string;
  reset(): Promise<void>;
}

export interface YearInfo {
  robots: number;
  /** The instant the facts end: the dashboard's ranges end on this day. */
  until: number;
  tasks: number;
  intervals: number;
  errors: number;
  writeS: number;
  robotDays: number;
  rollupS: number;
  generatedAt: string;
  /** Used as an earlier run left it (nothing generated now). */
  reused: boolean;
  /** Tasks per day (UTC-agnostic: the robots' local days), newest first: where an export of N rows starts. */
  tasksByDay: { day: string; tasks: number }[];
}

const log = pino({ level: 'warn' });

function open(store: YearStore): Promise<Database> {
  return openDatabase(store.url, store.url ? null : store.dataDir);
}

interface MetaRow {
  shape: number;
  robots: number;
  until_ms: string;
  tasks: string;
  intervals: string;
  errors: string;
  write_s: number;
  robot_days: number;
  rollup_s: number;
  generated_at: string;
}

async function createMeta(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table if not exists ${META} (shape int not null, robots int not null,
    until_ms bigint not null, tasks bigint not null, intervals bigint not null, errors bigint not null,
    write_s float8 not null, robot_days int not null, rollup_s float8 not null,
    generated_at timestamptz not null default now())`),
  );
}

async function readMeta(db: Db): Promise<MetaRow | undefined> {
  await createMeta(db);
  const [row] = await rawRows<MetaRow>(
    db,
    sql.raw(`select *, generated_at::text as generated_at from ${META}`),
  );
  return row;
}

async function acmeId(db: Db): Promise<string> {
  const [acme] = await db.select().from(companies).where(eq(companies.name, 'Acme Robotics'));
  if (!acme) throw new Error('the demo has no company Acme Robotics');
  return acme.id;
}

async function tasksByDay(db: Db): Promise<YearInfo['tasksByDay']> {
  const rows = await rawRows<{ day: string; tasks: number }>(
    db,
    sql`select day::text as day, sum(tasks)::int as tasks from analysis_robot_days
      where company_id = ${await acmeId(db)} and not excluded group by day order by day desc`,
  );
  return rows.map((r) => ({ day: r.day, tasks: Number(r.tasks) }));
}

/**
 * The year for `robots` robots: the one the store holds when it matches (unless `regenerate`), else a new one.
 * `rebuild` builds the roll-ups of a kept year again (to time the roll-up alone).
 */
export async function ensureYear(
  store: YearStore,
  robotCount: number,
  opts: { regenerate: boolean; rebuild: boolean },
): Promise<YearInfo> {
  let database = await open(store);
  try {
    await runMigrations(database);
    const meta = opts.regenerate ? undefined : await readMeta(database.db);
    if (meta && meta.shape === SHAPE && meta.robots === robotCount) {
      let robotDays = meta.robot_days;
      let rollupS = meta.rollup_s;
      const rebuild = opts.rebuild || robotDays === 0;
      if (rebuild) ({ robotDays, rollupS } = await rebuildRollups(database.db));
      return {
        robots: meta.robots,
        until: Number(meta.until_ms),
        tasks: Number(meta.tasks),
        intervals: Number(meta.intervals),
        errors: Number(meta.errors),
        writeS: meta.write_s,
        robotDays,
        rollupS,
        generatedAt: meta.generated_at,
        reused: !rebuild,
        tasksByDay: await tasksByDay(database.db),
      };
    }
    await database.close();
    process.stderr.write(`  ${store.label}: generating a year of ${robotCount} robots\n`);
    await store.reset().catch(async (err: unknown) => {
      database = await open(store);
      throw err;
    });
    database = await open(store);
    await runMigrations(database);
    return await generate(database.db, robotCount);
  } finally {
    await database.close();
  }
}

async function generate(db: Db, robotCount: number): Promise<YearInfo> {
  await createMeta(db);
  await seedDemo(db, db, 'US', null, { history: false });
  const companyId = await acmeId(db);
  const sites = await db
    .insert(buildings)
    .values(SITES.map((s) => ({ companyId, name: s.name, timeZone: s.timeZone })))
    .returning({ id: buildings.id, timeZone: buildings.timeZone });
  const maps = await db
    .insert(floors)
    .values(
      sites.flatMap((b) =>
        [0, 1].map((level) => ({ companyId, buildingId: b.id, name: `L${level}`, level })),
      ),
    )
    .returning({ id: floors.id, buildingId: floors.buildingId });
  const until = Date.now();
  // Registered a year and a day ago: every day of the year is theirs, and the roll-up covers it.
  const registered = new Date(until - (YEAR_DAYS + 1) * 86_400_000);
  const fleet: PastRobot[] = Array.from({ length: robotCount }, (_, i) => {
    const site = sites[i % sites.length] as (typeof sites)[number];
    return {
      id: randomUUID(),
      companyId,
      buildingId: site.id,
      timeZone: site.timeZone,
      kind: (KINDS[Math.floor(i / sites.length) % KINDS.length] as (typeof KINDS)[number]).kind,
      seed: 1 + i,
      mapIds: maps.filter((m) => m.buildingId === site.id).map((m) => m.id),
      coarse: true,
    };
  });
  for (let i = 0; i < fleet.length; i += 1000) {
    await db.insert(robots).values(
      fleet.slice(i, i + 1000).map((r, k) => ({
        id: r.id,
        companyId,
        buildingId: r.buildingId,
        name: `Bench ${String(i + k + 1).padStart(4, '0')}`,
        manufacturer: 'analysisbench',
        serialNumber: `AY-${String(i + k + 1).padStart(6, '0')}`,
        model: (KINDS.find((x) => x.kind === r.kind) as (typeof KINDS)[number]).model,
        createdAt: registered,
      })),
    );
  }

  const t0 = performance.now();
  const counts = { tasks: 0, intervals: 0, errors: 0 };
  // One robot's rows are made while the one before is written: the generator and the database overlap.
  let writing: Promise<void> = Promise.resolve();
  for (const [i, robot] of fleet.entries()) {
    const today = localDateOf(until, robot.timeZone);
    const past = pastWork(robot, addDays(today, -(YEAR_DAYS - 1)), today, until);
    counts.tasks += past.tasks.length;
    counts.intervals += past.pieces.length;
    counts.errors += past.errors.length;
    await writing;
    writing = writePast(db, past);
    if ((i + 1) % Math.max(1, Math.round(fleet.length / 10)) === 0) {
      const s = (performance.now() - t0) / 1000;
      const rows = counts.tasks + counts.intervals + counts.errors;
      process.stderr.write(
        `  ${i + 1}/${fleet.length} robots, ${rows.toLocaleString('en-US')} rows, ${round(rows / s)} rows/s\n`,
      );
    }
  }
  await writing;
  const writeS = round((performance.now() - t0) / 1000, 1);
  for (const t of ['robot_tasks', 'robot_state_intervals', 'robot_error_events', 'robots'])
    await db.execute(sql.raw(`analyze ${t}`));
  // Noted before the roll-up (as none built yet): a run stopped during it starts again from the roll-up.
  await db.execute(sql`insert into ${sql.raw(META)} (shape, robots, until_ms, tasks, intervals, errors, write_s,
    robot_days, rollup_s) values (${SHAPE}, ${robotCount}, ${until}, ${counts.tasks}, ${counts.intervals},
    ${counts.errors}, ${writeS}, 0, 0)`);
  const built = await rebuildRollups(db);
  const meta = { ...counts, writeS, ...built };
  return {
    robots: robotCount,
    until,
    ...meta,
    generatedAt: new Date().toISOString(),
    reused: false,
    tasksByDay: await tasksByDay(db),
  };
}

/**
 * Builds every queued robot day with the server's RollupWorker until the queue is empty. The facts were written
 * a moment ago in bulk: the worker's mark is moved past them first, so it does not read twenty million rows to
 * learn which days they touch (queueNews); the days come from the robots' registration (queueCoverage) instead,
 * as a new robot's do.
 */
async function buildRollups(db: Db): Promise<{ robotDays: number; rollupS: number }> {
  await writeMark(db, new Date());
  const worker = new RollupWorker(db, log, Date.now, 0);
  const t0 = performance.now();
  let built = 0;
  for (;;) {
    const n = await worker.run();
    built += n;
    const left = await queuedCount(db);
    process.stderr.write(
      `  roll-up: ${built.toLocaleString('en-US')} robot days built, ${left.toLocaleString('en-US')} queued, ${round(built / ((performance.now() - t0) / 1000))} robot days/s\n`,
    );
    if (!left) break;
    if (!n) throw new Error('the roll-up built nothing with days queued (see its log)');
  }
  const rollupS = round((performance.now() - t0) / 1000, 1);
  // Vacuumed, not only analysed: robot counts and drill-down totals are index-only scans, which need the
  // visibility map a bulk build leaves unset.
  for (const table of ['analysis_robot_days', 'analysis_group_days', 'analysis_error_days'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  return { robotDays: built, rollupS };
}

/** The roll-ups dropped and built again from the facts, and the note says how long it took. */
async function rebuildRollups(db: Db): Promise<{ robotDays: number; rollupS: number }> {
  await db.execute(
    sql`truncate analysis_robot_days, analysis_group_days, analysis_error_days, analysis_dirty_days`,
  );
  const built = await buildRollups(db);
  await db.execute(
    sql`update ${sql.raw(META)} set robot_days = ${built.robotDays}, rollup_s = ${built.rollupS}`,
  );
  return built;
}
