/**
 * The analysis area at scale: a year of 1,000 robots on PostgreSQL, and on PGlite the demo's own 45 days and a
 * year of 50 robots. For each: how long the roll-ups take to build, the calls /analysis makes when it opens on a
 * year and on a week (p50/p95 over BENCH_REPEATS rounds, through the real server over HTTP), and the raw tasks
 * exported as CSV and XLSX (seconds, and the server's resident memory sampled every 100 ms).
 *
 *   npx tsx bench/analysis.ts
 *
 * The year is written once into the database BENCH_ANALYSIS_DATABASE (fc_bench_analysis) beside BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/postgres) and into PGlite in BENCH_PGLITE_DIR (<tmp>/fc-bench-analysis-
 * pglite), and used as it is by later runs (a note in the database says what it holds): generating it takes about
 * half an hour. Env: BENCH_PARTS (postgres,pglite-demo,pglite-year), BENCH_ROBOTS (1000), BENCH_PGLITE_ROBOTS (50),
 * BENCH_REPEATS (20; 0 = no dashboard calls), BENCH_EXPORT_FORMATS (csv,xlsx), BENCH_EXPORT_ROWS (1000000: the newest days holding at least that many tasks; 0 = the whole
 * year), BENCH_EXPORT_RUNS (3), BENCH_REGENERATE=1 (write the years again), BENCH_REBUILD_ROLLUP=1 (build the kept
 * years' roll-ups again, timed), BENCH_CPU_PROF_DIR (the server's --cpu-prof profiles), BENCH_SERVER_NODE_ARGS (node
 * flags for the server, e.g. `--max-old-space-size=160`). Writes
 * bench/results/analysis.json.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, localDateOf } from '@fleet/contract';
import pg from 'pg';
import { type CallTimes, rangesEndingOn, timeDashboard } from './analysis/dashboard.js';
import { type ExportRun, exportTasks } from './analysis/export-run.js';
import { ensureYear, YEAR_DAYS, type YearInfo, type YearStore } from './analysis/year-db.js';
import { runBench, startDemoServer } from './support/bench-api.js';
import { median, positiveInt, round } from './support/stats.js';

const root = path.resolve(import.meta.dirname, '..');
const PARTS = (process.env.BENCH_PARTS || 'postgres,pglite-demo,pglite-year').split(',').map((s) => s.trim());
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_NAME = process.env.BENCH_ANALYSIS_DATABASE || 'fc_bench_analysis';
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'fc-bench-analysis-pglite');
const ROBOTS = positiveInt('BENCH_ROBOTS', 1000);
const PGLITE_ROBOTS = positiveInt('BENCH_PGLITE_ROBOTS', 50);
const REPEATS = positiveInt('BENCH_REPEATS', 20, true);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS || 'csv,xlsx').split(',').map((s) => s.trim());
const EXPORT_ROWS = positiveInt('BENCH_EXPORT_ROWS', 1_000_000, true);
const EXPORT_RUNS = positiveInt('BENCH_EXPORT_RUNS', 3);
const REGENERATE = process.env.BENCH_REGENERATE === '1';
const REBUILD = process.env.BENCH_REBUILD_ROLLUP === '1';
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR;
/** The export's goals: a million rows in under a minute, the server under 300 MB. */
const EXPORT_GOAL_S = 60;
const EXPORT_GOAL_MIB = 300;

interface PartResult {
  part: string;
  database: string;
  year: Omit<YearInfo, 'tasksByDay'> | null;
  dashboard: CallTimes[];
  exportRange: { from: string; to: string };
  exports: { format: string; runs: ExportRun[] }[];
}

async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** fc_bench_analysis beside the base database, made when missing; `reset` drops and makes it again. */
async function postgresStore(dataDir: string): Promise<YearStore> {
  const version = await pgAdmin(async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [PG_NAME]);
    if (!found.rowCount) await c.query(`create database ${PG_NAME}`);
    return (await c.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
  });
  const url = new URL(PG_BASE);
  url.pathname = `/${PG_NAME}`;
  return {
    url: url.toString(),
    dataDir,
    label: `PostgreSQL ${version ?? '?'} (127.0.0.1, database ${PG_NAME})`,
    reset: () =>
      pgAdmin(async (c) => {
        await c.query(`drop database if exists ${PG_NAME} with (force)`);
        await c.query(`create database ${PG_NAME}`);
      }),
  };
}

function pgliteStore(dataDir: string): YearStore {
  return {
    url: undefined,
    dataDir,
    label: `PGlite (${dataDir})`,
    reset: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
    },
  };
}

/** The newest days (up to `to`) that hold at least `rows` tasks; the whole year when rows is 0. */
function exportFrom(year: YearInfo, to: string): string {
  const first = rangesEndingOn(to)[0]?.from ?? to;
  if (!EXPORT_ROWS) return first;
  let sum = 0;
  for (const d of year.tasksByDay) {
    if (d.day > to) continue;
    sum += d.tasks;
    if (sum >= EXPORT_ROWS) return d.day > first ? d.day : first;
  }
  return first;
}

/** The real server on the store: the dashboard's calls, then the raw tasks exported in both formats. */
async function measure(
  part: string,
  store: { url: string | undefined; dataDir: string; label: string },
  to: string,
  exportRange: { from: string; to: string },
): Promise<Omit<PartResult, 'year'>> {
  process.stderr.write(`  ${part}: starting the server on ${store.label}\n`);
  const server = await startDemoServer({
    root,
    dataDir: store.dataDir,
    ...(store.url ? { databaseUrl: store.url } : {}),
    // The figures are built already: the server's own roll-up pass would only compete with the calls timed.
    env: { ANALYSIS_ROLLUP_MS: '0', LOG_LEVEL: 'warn' },
    nodeArgs: [
      ...(CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : []),
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    readyTimeoutMs: 600_000,
  });
  try {
    const { token } = await server.call(api.login, null, {
      body: { account: 'owner@acme.test', password: 'demo1234' },
    });
    process.stderr.write(`  ${part}: dashboard calls, ${REPEATS} rounds\n`);
    const dashboard = REPEATS ? await timeDashboard(server.call, token, rangesEndingOn(to), REPEATS) : [];
    const exports: PartResult['exports'] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      if (!FORMATS.includes(format)) continue;
      const runs: ExportRun[] = [];
      for (let i = 0; i < EXPORT_RUNS; i++) {
        const run = await exportTasks(server.base, token, server.pid, format, exportRange);
        process.stderr.write(
          `  ${part}: export ${format} ${run.rows.toLocaleString('en-US')} rows in ${run.seconds} s (server CPU ${run.serverCpuS} s), RSS ${run.rssBeforeMiB} → ${run.rssPeakMiB} MiB\n`,
        );
        runs.push(run);
      }
      exports.push({ format, runs });
    }
    return { part, database: store.label, dashboard, exportRange, exports };
  } finally {
    await server.stop();
  }
}

async function yearPart(part: string, store: YearStore, robots: number): Promise<PartResult> {
  const year = await ensureYear(store, robots, { regenerate: REGENERATE, rebuild: REBUILD });
  const to = localDateOf(year.until, 'UTC');
  const { tasksByDay, ...kept } = year;
  const measured = await measure(part, store, to, { from: exportFrom(year, to), to });
  return { ...measured, year: kept };
}

async function demoPart(): Promise<PartResult> {
  // A fresh data folder: the server seeds the demo with its 45 days of history and rolls them up as it starts.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-analysis-demo-'));
  try {
    const to = localDateOf(Date.now(), 'UTC');
    const measured = await measure(
      'pglite-demo',
      { url: undefined, dataDir, label: 'PGlite (the demo, fresh data folder)' },
      to,
      { from: rangesEndingOn(to)[0]?.from ?? to, to },
    );
    return { ...measured, year: null };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(results: PartResult[]): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const out: string[] = [];
  const years = results.filter((r) => r.year);
  if (years.length) {
    out.push(
      '| database | robots | tasks | state pieces | errors | written in | robot days | roll-up | robot days/s |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...years.map((r) => {
        const y = r.year as NonNullable<PartResult['year']>;
        return `| ${r.part} | ${n(y.robots)} | ${n(y.tasks)} | ${n(y.intervals)} | ${n(y.errors)} | ${y.writeS} s | ${n(y.robotDays)} | ${y.rollupS} s | ${n(round(y.robotDays / y.rollupS))} |${y.reused ? ` (kept from ${y.generatedAt.slice(0, 16)})` : ''}`;
      }),
      '',
    );
  }
  for (const r of results) {
    out.push(
      `**${r.part}** — ${r.database}`,
      '',
      '| range | call | answer | p50 ms | p95 ms | goal |',
      '|---|---|---|---:|---:|---|',
      ...r.dashboard.map(
        (c) =>
          `| ${c.range} | ${c.call} | ${c.answer} | ${c.p50} | ${c.p95} | ${c.p95 < c.goalMs ? '✓' : '✗'} < ${c.goalMs} |`,
      ),
      '',
      `| export ${r.exportRange.from} – ${r.exportRange.to} | rows | MiB | seconds (median; runs) | server CPU s | server RSS before → peak MiB | goal |`,
      '|---|---:|---:|---|---:|---|---|',
      ...r.exports.map((e) => {
        const s = round(median(e.runs.map((x) => x.seconds)), 2);
        const peak = Math.max(...e.runs.map((x) => x.rssPeakMiB));
        const first = e.runs[0];
        const ok = s < EXPORT_GOAL_S && peak < EXPORT_GOAL_MIB;
        return `| ${e.format} | ${n(first?.rows ?? 0)}${first?.lines !== null && first?.lines !== first?.rows ? ` (${n(first?.lines ?? 0)} lines!)` : ''} | ${first?.mib ?? 0} | ${s} (${e.runs.map((x) => x.seconds).join(' / ')}) | ${round(median(e.runs.map((x) => x.serverCpuS)), 1)} | ${e.runs.map((x) => `${x.rssBeforeMiB} → ${x.rssPeakMiB}`).join(', ')} | ${ok ? '✓' : '✗'} |`;
      }),
      '',
    );
  }
  out.push(
    `load average ${os
      .loadavg()
      .map((l) => round(l, 2))
      .join(', ')}`,
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-analysis-'));
  const results: PartResult[] = [];
  try {
    for (const part of PARTS) {
      if (part === 'postgres') results.push(await yearPart(part, await postgresStore(workDir), ROBOTS));
      else if (part === 'pglite-year')
        results.push(await yearPart(part, pgliteStore(PGLITE_DIR), PGLITE_ROBOTS));
      else if (part === 'pglite-demo') results.push(await demoPart());
      else throw new Error(`BENCH_PARTS: unknown part ${part}`);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  await mkdir(path.join(root, 'bench/results'), { recursive: true });
  await writeFile(
    path.join(root, 'bench/results/analysis.json'),
    `${JSON.stringify({ at: new Date().toISOString(), yearDays: YEAR_DAYS, repeats: REPEATS, results }, null, 2)}\n`,
  );
  process.stdout.write(`${report(results)}\n`);
}

runBench(main);
