/**
 * API applications (issue 18): what an open API call costs beside a console call of the same data, and webhooks
 * delivered from robot events at 1,000 events/s to 10 receivers beside the live fleet.
 *
 *   npx tsx bench/api-apps.ts                                                       # PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-apps.ts   # PostgreSQL
 *
 * Parts (BENCH_PARTS, default `overhead,webhooks`):
 * - overhead: `GET /opt/open/v1/robots` with application tokens vs `GET /opt/v1/robot/list` with the owner's session,
 *   autocannon in a child process, alternating, BENCH_RUNS (3) × (BENCH_WARMUP (2) + BENCH_SECONDS (10)) s each at
 *   BENCH_CONNECTIONS (50), the app calls spread over BENCH_APPS (50) applications (each may make 6,000 calls a
 *   minute at most).
 * - webhooks: BENCH_ROBOTS (1,000) robots over the bench login, each sending a state a second and
 *   BENCH_VISUALIZATION_PER_S (2) visualizations; BENCH_EVENTS_PER_S (= robots) of them list an error in every other
 *   state (raised, then cleared: one event a second each); BENCH_RECEIVERS (10) webhooks, each with its own HTTP
 *   receiver in a worker thread of this process (at nice BENCH_RECEIVER_NICE, 10); 10 probe robots and
 *   BENCH_LIVE_CLIENTS (5) /live browsers; BENCH_WEBHOOK_RUNS (3) rounds of a phase without webhook load (the webhooks
 *   told nothing the fleet makes) and one with it, BENCH_WEBHOOK_WARMUP (10) + BENCH_WEBHOOK_SECONDS (30) s each, then
 *   up to BENCH_GRACE_S (60) s for the window's last deliveries. BENCH_WEBHOOK_PHASES=on runs the load alone.
 * BENCH_CPU_PROF_DIR writes the server's CPU profiles; BENCH_SERVER_NODE_ARGS adds node flags for it.
 * Writes bench/results/api-apps.json (api-apps.postgres.json on PostgreSQL) and prints the tables of
 * docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureOverhead, type OverheadResult } from './api-apps/request-overhead.js';
import { measureWebhooks, type WebhookResult } from './api-apps/webhook-load.js';
import { runBench } from './support/bench-api.js';
import { gitState } from './support/git-state.js';
import { positiveInt } from './support/stats.js';
import { type BenchDatabase, throwawayPostgres } from './support/throwaway-postgres.js';
import { killAll } from './telemetry/processes.js';

const root = path.resolve(import.meta.dirname, '..');
const PG_BASE = process.env.BENCH_DATABASE_URL;
const PARTS = (process.env.BENCH_PARTS ?? 'overhead,webhooks').split(',').map((p) => p.trim());
const PROF_DIR = process.env.BENCH_CPU_PROF_DIR;
const serverNodeArgs = [
  ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ...(PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROF_DIR)] : []),
];

/** A fresh database for one part: a throwaway PostgreSQL database, or PGlite in a folder of its own. */
async function freshDatabase(workDir: string, name: string): Promise<BenchDatabase> {
  const dataDir = path.join(workDir, name);
  await mkdir(dataDir, { recursive: true });
  if (PG_BASE) return throwawayPostgres(PG_BASE, dataDir);
  return { url: undefined, dataDir, label: 'PGlite (in the server process)', drop: async () => {} };
}

const dropping = new Set<BenchDatabase>();
let workDir: string | null = null;
async function cleanUp(): Promise<void> {
  killAll();
  for (const db of dropping)
    await db
      .drop()
      .catch((err: unknown) => process.stderr.write(`bench: could not drop the database: ${err}\n`));
  dropping.clear();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stderr.write(`bench: ${signal}: stopping\n`);
    setTimeout(() => process.exit(130), 15_000).unref();
    void cleanUp().finally(() => process.exit(130));
  });

async function main(): Promise<void> {
  const load = { before: os.loadavg(), after: [0, 0, 0] };
  workDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-apps-'));
  const cpus = os.cpus();
  const code = gitState();
  process.stdout.write(
    `code: ${code}\ndatabase: ${PG_BASE ? 'PostgreSQL (throwaway databases)' : 'PGlite'}\n` +
      `machine: ${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}\n` +
      `load average: ${load.before.map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  let overhead: OverheadResult | null = null;
  let webhooks: WebhookResult | null = null;
  try {
    if (PARTS.includes('overhead')) {
      const db = await freshDatabase(workDir, 'overhead');
      dropping.add(db);
      overhead = await measureOverhead({
        root,
        db,
        runs: positiveInt('BENCH_RUNS', 3),
        seconds: positiveInt('BENCH_SECONDS', 10),
        warmupS: positiveInt('BENCH_WARMUP', 2, true),
        connections: positiveInt('BENCH_CONNECTIONS', 50),
        apps: positiveInt('BENCH_APPS', 50),
        serverNodeArgs,
      });
      await db.drop();
      dropping.delete(db);
    }
    if (PARTS.includes('webhooks')) {
      const db = await freshDatabase(workDir, 'webhooks');
      dropping.add(db);
      webhooks = await measureWebhooks({
        root,
        workDir,
        db,
        robots: positiveInt('BENCH_ROBOTS', 1000),
        eventsPerS: positiveInt('BENCH_EVENTS_PER_S', positiveInt('BENCH_ROBOTS', 1000)),
        visualizationPerS: positiveInt('BENCH_VISUALIZATION_PER_S', 2, true),
        receivers: positiveInt('BENCH_RECEIVERS', 10),
        receiverNice: positiveInt('BENCH_RECEIVER_NICE', 10, true),
        liveClients: positiveInt('BENCH_LIVE_CLIENTS', 5),
        probes: positiveInt('BENCH_PROBES', 10),
        runs: positiveInt('BENCH_WEBHOOK_RUNS', 3),
        warmupS: positiveInt('BENCH_WEBHOOK_WARMUP', 10),
        seconds: positiveInt('BENCH_WEBHOOK_SECONDS', 30),
        graceS: positiveInt('BENCH_GRACE_S', 60),
        phases: (process.env.BENCH_WEBHOOK_PHASES ?? 'off,on').split(',').map((p) => p.trim() === 'on'),
        benchPassword: randomBytes(18).toString('base64url'),
        probePassword: randomBytes(18).toString('base64url'),
        serverNodeArgs,
      });
      await db.drop();
      dropping.delete(db);
    }
  } finally {
    await cleanUp();
  }
  load.after = os.loadavg();
  process.stdout.write(
    `\n${overhead ? overheadTable(overhead) : ''}${webhooks ? webhookTables(webhooks) : ''}` +
      `load average before ${load.before.map((l) => l.toFixed(2)).join(' ')}, after ${load.after.map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  const resultsDir = path.join(root, 'bench/results');
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, PG_BASE ? 'api-apps.postgres.json' : 'api-apps.json');
  await writeFile(
    file,
    `${JSON.stringify(
      {
        bench: 'api-apps',
        date: new Date().toISOString(),
        code,
        machine: { cpus: cpus.length, cpuModel: cpus[0]?.model.trim(), node: process.version },
        loadAverage: load,
        overhead,
        webhooks,
      },
      (_key, value: unknown) =>
        typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
      2,
    )}\n`,
  );
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}

function overheadTable(o: OverheadResult): string {
  const rows = o.runs.map(
    (r) =>
      `| ${r.run} (${r.order}) | ${Math.round(r.session.requestsPerSecond)} | ${Math.round(r.app.requestsPerSecond)} | **${r.rpsRatio.toFixed(2)}** | ` +
      `${r.session.latencyMs.p50} / ${r.session.latencyMs.p99} | ${r.app.latencyMs.p50} / ${r.app.latencyMs.p99} | ` +
      `${r.session.serverCpuUsPerRequest} | ${r.app.serverCpuUsPerRequest} | ${r.cpuRatio.toFixed(2)} |`,
  );
  const m = o.median;
  return (
    `Request overhead, ${o.database}: ${o.robotsListed} robots listed, answers ${o.answerBytes.session} B (session) / ${o.answerBytes.app} B (app)\n\n` +
    '| run | session req/s | app req/s | app ÷ session | session p50 / p99 ms | app p50 / p99 ms | session CPU µs/req | app CPU µs/req | CPU ratio |\n' +
    '|---|---:|---:|---:|---|---|---:|---:|---:|\n' +
    `${rows.join('\n')}\n` +
    `| *median* | ${m.sessionRps} | ${m.appRps} | **${m.rpsRatio.toFixed(2)}** | ${m.sessionP50} / ${m.sessionP99} | ${m.appP50} / ${m.appP99} | ${m.sessionCpuUs} | ${m.appCpuUs} | ${m.cpuRatio.toFixed(2)} |\n\n`
  );
}

function webhookTables(w: WebhookResult): string {
  const rows = w.phases.map(
    (p) =>
      `| ${p.run} ${p.webhooks ? 'on' : 'off'} | ${p.eventsPerS} | ${p.webhooks ? p.deliveriesPerS : '–'} | ${p.webhooks ? `${p.latency.p50} / ${p.latency.p95} / ${p.latency.p99} / ${p.latency.max}` : '–'} | ` +
      `${p.webhooks ? `${p.expected} / ${p.received} / **${p.lost}** / ${p.duplicates}` : '–'} | ${p.robots.p50} / **${p.robots.p99}** | ${p.serverCpuPct} | ${p.benchLoopP99Ms} | ${p.machineBusyPct} |`,
  );
  return (
    `Webhooks, ${w.database}: ${w.robots} robots, ${w.eventsPerS} of them toggling an error once a second, ${w.receivers} receivers\n\n` +
    '| run, webhooks | events/s | deliveries/s | event → receiver p50 / p95 / p99 / max ms | expected / received / lost / duplicates | robot live p50 / p99 ms | server CPU % | bench loop p99 ms | machine busy % |\n' +
    '|---|---:|---:|---|---|---|---:|---:|---:|\n' +
    `${rows.join('\n')}\n\n` +
    `Medians: webhooks on ${w.median.deliveriesPerS} deliveries/s, p50 ${w.median.p50} ms, p95 ${w.median.p95} ms, lost ${w.totals.lost}, duplicates ${w.totals.duplicates}; ` +
    `robot p99 off ${w.median.robotP99Off} ms, on ${w.median.robotP99On} ms (on ÷ off ${w.median.robotP99Ratio}, per round ${w.robotP99Ratios.join(' / ')})\n` +
    `Deliveries in the database at the end: ${JSON.stringify(w.deliveryStatuses)}\n\n`
  );
}

runBench(main);
