/**
 * HTTP API benchmark (issue 2): requests/s and p99 of GET /opt/v1/user/me and of
 * GET /opt/admin/company/list-ones-companies at 50 connections, beside a bare Fastify route, in one run.
 *
 *   npx tsx bench/http-api.ts                                    # PGlite on a temporary DATA_DIR
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/http-api.ts
 *
 * Env: BENCH_SECONDS (10), BENCH_RUNS (3), BENCH_WARMUP (2), BENCH_CONNECTIONS (50).
 * The load generator (autocannon) runs in a child process, so it does not share the server's event loop.
 * Writes bench/results/http-api.json (or http-api.postgres.json with BENCH_DATABASE_URL) and prints a table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { DEMO_PASSWORD, seedDemo } from '../server/src/demo/seed-demo.js';
import { type Opened, openDatabases } from '../server/src/start.js';
import { gitState } from './support/git-state.js';
import { median, positiveInt } from './support/stats.js';
import { throwawayPostgres } from './support/throwaway-postgres.js';

const here = import.meta.dirname;
const SECONDS = positiveInt('BENCH_SECONDS', 10);
const RUNS = positiveInt('BENCH_RUNS', 3);
const WARMUP = positiveInt('BENCH_WARMUP', 2, true);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 50);
const BASE_URL = process.env.BENCH_DATABASE_URL;
const ACCOUNT = 'owner@acme.test';

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

interface Measured {
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  status2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Seen from inside the server process during the measured part. */
  server: { cpuPercent: number; eventLoopDelayP99Ms: number; eventLoopDelayMaxMs: number };
}

// ---- Everything is bounded in time: a watchdog ends the process if a step hangs. -------------------------
const children = new Set<ChildProcess>();
const budgetMs = (RUNS * 3 * (WARMUP + SECONDS + 20) + 180) * 1000;
const watchdog = setTimeout(() => {
  process.stderr.write(`bench: gave up after ${Math.round(budgetMs / 1000)} s\n`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(3);
}, budgetMs);
watchdog.unref();

/** Runs the autocannon worker in its own process: warm-up, then the measured run. */
function load(target: Target): Promise<Measured> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let cpuFrom = process.cpuUsage();
  let wallFrom = performance.now();
  if (interrupted) return Promise.reject(new Error('interrupted'));
  const args = JSON.stringify({
    url: target.url,
    headers: target.headers,
    connections: CONNECTIONS,
    warmup: WARMUP,
    duration: SECONDS,
  });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(here, 'autocannon-worker.mjs'), args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: (WARMUP + SECONDS + 30) * 1000,
      killSignal: 'SIGKILL',
    });
    children.add(child);
    let out = '';
    let server: Measured['server'] | null = null;
    let measuring = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!measuring && out.includes('"phase":"measure"')) {
        measuring = true;
        cpuFrom = process.cpuUsage();
        wallFrom = performance.now();
        delay.enable();
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      children.delete(child);
      if (measuring) {
        const cpu = process.cpuUsage(cpuFrom);
        server = {
          cpuPercent:
            Math.round(((cpu.user + cpu.system) / 1000 / (performance.now() - wallFrom)) * 1000) / 10,
          eventLoopDelayP99Ms: Math.round(delay.percentile(99) / 1e4) / 100,
          eventLoopDelayMaxMs: Math.round(delay.max / 1e4) / 100,
        };
        delay.disable();
      }
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line || !server) {
        reject(new Error(`autocannon worker for ${target.name} ended with ${signal ?? `code ${code}`}`));
        return;
      }
      resolve({ ...(JSON.parse(line) as Omit<Measured, 'server'>), server });
    });
  });
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.json() };
}

async function main(): Promise<number> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-'));
  const pgDb = BASE_URL ? await throwawayPostgres(BASE_URL, '') : null;
  let dbs: Opened | null = null;
  let app: FastifyInstance | null = null;
  let bare: FastifyInstance | null = null;
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      // The embedded MQTT broker started with the app: any free local port, never a real broker's 1883.
      MQTT_HOST: '127.0.0.1',
      MQTT_PORT: '0',
      // The per-token budget (1,200 a minute by default) still runs, as in production, but high enough that the
      // measured calls are not refused: this bench measures the cost of a call, not the budget.
      API_REQUESTS_PER_MINUTE: '100000000',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    dbs = await openDatabases(config);
    await seedDemo(dbs.directory.db, dbs.regional.db, config.region, null, { history: false });
    app = await buildApp({ config, directory: dbs.directory, regional: dbs.regional, logger: false });
    const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });

    bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ success: true, info: 'ok', data: {} }));
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

    const login = await getJson(`${apiUrl}/opt/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password: DEMO_PASSWORD }),
    });
    const token = (login.body as { data?: { token?: unknown } }).data?.token;
    if (login.status !== 200 || typeof token !== 'string') {
      throw new Error(`login as ${ACCOUNT} failed: ${login.status} ${JSON.stringify(login.body)}`);
    }

    const targets: Target[] = [
      { name: 'GET /bare (bare Fastify)', url: `${bareUrl}/bare`, headers: {} },
      { name: 'GET /opt/v1/user/me', url: `${apiUrl}/opt/v1/user/me`, headers: { token } },
      {
        name: 'GET /opt/admin/company/list-ones-companies',
        url: `${apiUrl}/opt/admin/company/list-ones-companies`,
        headers: { token },
      },
    ];
    // Each target must answer what it should before it is measured: a fast 401 is no benchmark.
    for (const t of targets) {
      const r = await getJson(t.url, { headers: t.headers });
      const body = r.body as { success?: boolean; data?: unknown };
      if (r.status !== 200 || body.success !== true) {
        throw new Error(`${t.name} answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
    }
    const me = (await getJson(targets[1]?.url ?? '', { headers: { token } })).body as {
      data: { email: string; companyName: string };
    };
    const list = (await getJson(targets[2]?.url ?? '', { headers: { token } })).body as {
      data: { name: string }[];
    };
    const database = pgDb
      ? `${pgDb.label}, pool max 10`
      : 'PGlite (in-process, on disk in a temporary DATA_DIR)';
    const cpus = os.cpus();
    const code = gitState();
    const machine = {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    };
    process.stdout.write(
      `code: ${code}\ndatabase: ${database}\nmachine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}\n` +
        `signed in: ${me.data.email} in ${me.data.companyName}; list-ones-companies: ${list.data.map((c) => c.name).join(', ')}\n` +
        `${RUNS} run(s) × ${targets.length} targets, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s each\n`,
    );
    // Other work on the machine skews every figure: say so rather than let it pass unnoticed.
    if (loadBefore > cpus.length / 2) {
      process.stderr.write(
        `bench: warning: 1-minute load average is ${loadBefore.toFixed(2)} on ${cpus.length} CPUs before the run; figures will be low\n`,
      );
    }

    const runs: Record<string, Measured[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
    for (let run = 1; run <= RUNS; run++) {
      for (const t of targets) {
        const m = await load(t);
        runs[t.name]?.push(m);
        process.stdout.write(
          `run ${run}/${RUNS} ${t.name.padEnd(44)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s` +
            `  p50 ${m.latencyMs.p50} ms  p99 ${m.latencyMs.p99} ms  non-2xx ${m.non2xx}  errors ${m.errors}` +
            `  | server CPU ${m.server.cpuPercent} %  event-loop delay p99 ${m.server.eventLoopDelayP99Ms} ms max ${m.server.eventLoopDelayMaxMs} ms\n`,
        );
      }
    }

    const bareRps = median((runs[targets[0]?.name ?? ''] ?? []).map((m) => m.requestsPerSecond));
    const summary = targets.map((t) => {
      const ms = runs[t.name] ?? [];
      const rps = median(ms.map((m) => m.requestsPerSecond));
      return {
        target: t.name,
        requestsPerSecond: Math.round(rps),
        p99Ms: median(ms.map((m) => m.latencyMs.p99)),
        p50Ms: median(ms.map((m) => m.latencyMs.p50)),
        ofBare: Math.round((rps / bareRps) * 1000) / 1000,
        non2xx: ms.reduce((n, m) => n + m.non2xx, 0),
        errors: ms.reduce((n, m) => n + m.errors + m.timeouts, 0),
        runsRequestsPerSecond: ms.map((m) => Math.round(m.requestsPerSecond)),
        runsP99Ms: ms.map((m) => m.latencyMs.p99),
        serverCpuPercent: median(ms.map((m) => m.server.cpuPercent)),
        eventLoopDelayP99Ms: median(ms.map((m) => m.server.eventLoopDelayP99Ms)),
      };
    });

    const table = [
      '| Target | req/s (median) | p99 ms (median) | p50 ms (median) | vs bare | non-2xx | server CPU | req/s per run | p99 ms per run |',
      '|---|---:|---:|---:|---:|---:|---:|---|---|',
      ...summary.map(
        (s) =>
          `| \`${s.target}\` | ${s.requestsPerSecond} | ${s.p99Ms} | ${s.p50Ms} | ${(s.ofBare * 100).toFixed(1)} % | ${s.non2xx} | ${s.serverCpuPercent} % | ${s.runsRequestsPerSecond.join(' / ')} | ${s.runsP99Ms.join(' / ')} |`,
      ),
    ].join('\n');
    process.stdout.write(
      `\n${table}\n\n1-minute load average: ${loadBefore.toFixed(2)} before, ${(os.loadavg()[0] ?? 0).toFixed(2)} after\n`,
    );

    const resultsDir = path.join(here, 'results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, pgDb ? 'http-api.postgres.json' : 'http-api.json');
    await writeFile(
      file,
      `${JSON.stringify(
        {
          bench: 'http-api',
          date: new Date().toISOString(),
          database: pgDb ? 'postgres' : 'pglite',
          databaseDetail: database,
          code,
          machine,
          loadAverage1m: { before: loadBefore, after: os.loadavg()[0] ?? 0 },
          settings: { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, runs: RUNS },
          summary,
          runs,
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);

    const bad = summary.filter((s) => s.non2xx > 0 || s.errors > 0);
    if (bad.length) {
      process.stderr.write(
        `bench: FAILED, answers other than 2xx or errors: ${bad.map((s) => `${s.target} (non-2xx ${s.non2xx}, errors ${s.errors})`).join('; ')}\n`,
      );
      return 1;
    }
    return 0;
  } finally {
    for (const c of children) c.kill('SIGKILL');
    await bare?.close().catch(() => {});
    await app?.close().catch(() => {});
    await dbs?.close().catch(() => {});
    await pgDb
      ?.drop()
      .catch((err: unknown) => process.stderr.write(`bench: could not drop database: ${err}\n`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Ctrl-C stops the load and lets main() clean up (the throwaway database is dropped), with a hard stop after 15 s.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    for (const c of children) c.kill('SIGKILL');
    setTimeout(() => process.exit(130), 15_000).unref();
  });
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
