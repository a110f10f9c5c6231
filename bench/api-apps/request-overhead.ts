import { spawn } from 'node:child_process';
import path from 'node:path';
import { api } from '@fleet/contract';
import { type apiCaller, startDemoServer } from '../support/bench-api.js';
import { median, round } from '../support/stats.js';
import type { BenchDatabase } from '../support/throwaway-postgres.js';
import { cpuSeconds } from '../telemetry/processes.js';
import { appToken, createApps } from './apps-setup.js';

export interface OverheadSettings {
  root: string;
  db: BenchDatabase;
  runs: number;
  seconds: number;
  warmupS: number;
  connections: number;
  /** Applications the app calls are spread over (each may make RATE_LIMIT_MAX calls a minute). */
  apps: number;
  serverNodeArgs: string[];
}

export interface Measured {
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The server's CPU time per answered request over the measured part, µs (from /proc). */
  serverCpuUsPerRequest: number;
  serverCpuPct: number;
}

export interface OverheadRun {
  run: number;
  order: string;
  session: Measured;
  app: Measured;
  /** app req/s ÷ session req/s, and app CPU per request ÷ session CPU per request, in this run. */
  rpsRatio: number;
  cpuRatio: number;
}

export interface OverheadResult {
  database: string;
  serverIdleCpuPct: number;
  robotsListed: number;
  answerBytes: { session: number; app: number };
  runs: OverheadRun[];
  median: {
    sessionRps: number;
    appRps: number;
    rpsRatio: number;
    cpuRatio: number;
    sessionP99: number;
    appP99: number;
    sessionP50: number;
    appP50: number;
    sessionCpuUs: number;
    appCpuUs: number;
  };
}

const WORKER = path.join(import.meta.dirname, '../autocannon-worker.mjs');

/** One autocannon run in its own process (warm-up, then measured), the server's CPU read over the measured part. */
function load(
  url: string,
  headers: Record<string, string>,
  rotate: Record<string, string>[] | null,
  s: OverheadSettings,
  serverPid: number,
): Promise<Measured> {
  const args = JSON.stringify({
    url,
    headers,
    connections: s.connections,
    warmup: s.warmupS,
    duration: s.seconds,
    ...(rotate ? { rotate } : {}),
  });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: (s.warmupS + s.seconds + 30) * 1000,
      killSignal: 'SIGKILL',
    });
    let out = '';
    let from: { cpu: number; at: number } | null = null;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!from && out.includes('"phase":"measure"'))
        from = { cpu: cpuSeconds(serverPid), at: performance.now() };
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const cpu = from ? cpuSeconds(serverPid) - from.cpu : Number.NaN;
      const wallS = from ? (performance.now() - from.at) / 1000 : Number.NaN;
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line || !from) {
        reject(new Error(`autocannon worker for ${url} ended with ${signal ?? `code ${code}`}`));
        return;
      }
      const r = JSON.parse(line) as Omit<Measured, 'serverCpuUsPerRequest' | 'serverCpuPct'> & {
        status2xx: number;
      };
      resolve({
        requestsPerSecond: r.requestsPerSecond,
        totalRequests: r.totalRequests,
        latencyMs: r.latencyMs,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        serverCpuUsPerRequest: round((cpu * 1e6) / Math.max(1, r.status2xx), 1),
        serverCpuPct: round((cpu / wallS) * 100),
      });
    });
  });
}

async function answerOf(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; body: unknown }> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

/**
 * The open API's `GET /opt/open/v1/robots` with application tokens against the console's `GET /opt/v1/robot/list`
 * with the owner's session, same server, same demo data, alternating which goes first in each run.
 */
export async function measureOverhead(s: OverheadSettings): Promise<OverheadResult> {
  const server = await startDemoServer({
    root: s.root,
    dataDir: s.db.dataDir,
    ...(s.db.url ? { databaseUrl: s.db.url } : {}),
    // The token endpoint allows 60 calls a minute per address: each application asks from an address of its own.
    // The analysis roll-up's first pass over the demo's 45 days would run during the first runs: not what is measured.
    env: { TRUST_PROXY: 'true', ANALYSIS_ROLLUP_MS: '0' },
    nodeArgs: s.serverNodeArgs,
  });
  try {
    const call: ReturnType<typeof apiCaller> = server.call;
    const { token } = await call(api.login, null, {
      body: { account: 'owner@acme.test', password: 'demo1234' },
    });
    const apps = await createApps(call, token, s.apps, 'Bench overhead');
    const tokens: string[] = [];
    for (const [i, app] of apps.entries())
      tokens.push(await appToken(server.base, app, `198.51.100.${(i % 250) + 1}`));

    const sessionUrl = `${server.base}/opt/v1/robot/list`;
    const appUrl = `${server.base}/opt/open/v1/robots`;
    const sessionHeaders = { token };
    const rotate = tokens.map((t) => ({ authorization: `Bearer ${t}` }));
    // Both must answer the same robots before either is measured: a fast 401 or an empty list is no benchmark.
    const sessionAnswer = await answerOf(sessionUrl, sessionHeaders);
    const appAnswer = await answerOf(appUrl, rotate[0] ?? {});
    const sessionIds = ((sessionAnswer.body as { data: { id: string }[] }).data ?? [])
      .map((r) => r.id)
      .sort();
    const appIds = ((appAnswer.body as { data: { robots: { id: string }[] } }).data?.robots ?? [])
      .map((r) => r.id)
      .sort();
    if (!sessionIds.length || sessionIds.join() !== appIds.join())
      throw new Error(`the two calls list different robots: ${sessionIds.length} vs ${appIds.length}`);

    // The server must be idle before the load starts (the demo seeded, nothing left running).
    const idle0 = cpuSeconds(server.pid);
    await new Promise((r) => setTimeout(r, 3000));
    const idlePct = round(((cpuSeconds(server.pid) - idle0) / 3) * 100);
    process.stdout.write(`server CPU at rest before the runs: ${idlePct} %\n`);

    const runs: OverheadRun[] = [];
    for (let run = 1; run <= s.runs; run++) {
      const appFirst = run % 2 === 0;
      const measure = {
        session: () => load(sessionUrl, sessionHeaders, null, s, server.pid),
        app: () => load(appUrl, {}, rotate, s, server.pid),
      };
      const first = appFirst ? await measure.app() : await measure.session();
      const second = appFirst ? await measure.session() : await measure.app();
      const session = appFirst ? second : first;
      const app = appFirst ? first : second;
      const r: OverheadRun = {
        run,
        order: appFirst ? 'app, session' : 'session, app',
        session,
        app,
        rpsRatio: round(app.requestsPerSecond / session.requestsPerSecond, 3),
        cpuRatio: round(app.serverCpuUsPerRequest / session.serverCpuUsPerRequest, 3),
      };
      runs.push(r);
      process.stdout.write(
        `overhead run ${run}/${s.runs} (${r.order}): session ${Math.round(session.requestsPerSecond)} req/s p50 ${session.latencyMs.p50} p99 ${session.latencyMs.p99} ms ${session.serverCpuUsPerRequest} µs CPU/req` +
          ` | app ${Math.round(app.requestsPerSecond)} req/s p50 ${app.latencyMs.p50} p99 ${app.latencyMs.p99} ms ${app.serverCpuUsPerRequest} µs CPU/req` +
          ` | ratio req/s ${r.rpsRatio} CPU/req ${r.cpuRatio}` +
          ` | non-2xx ${session.non2xx}/${app.non2xx} errors ${session.errors + session.timeouts}/${app.errors + app.timeouts}\n`,
      );
    }
    const m = (f: (r: OverheadRun) => number) => median(runs.map(f));
    return {
      database: s.db.label,
      serverIdleCpuPct: idlePct,
      robotsListed: sessionIds.length,
      answerBytes: { session: sessionAnswer.bytes, app: appAnswer.bytes },
      runs,
      median: {
        sessionRps: Math.round(m((r) => r.session.requestsPerSecond)),
        appRps: Math.round(m((r) => r.app.requestsPerSecond)),
        rpsRatio: m((r) => r.rpsRatio),
        cpuRatio: m((r) => r.cpuRatio),
        sessionP99: m((r) => r.session.latencyMs.p99),
        appP99: m((r) => r.app.latencyMs.p99),
        sessionP50: m((r) => r.session.latencyMs.p50),
        appP50: m((r) => r.app.latencyMs.p50),
        sessionCpuUs: m((r) => r.session.serverCpuUsPerRequest),
        appCpuUs: m((r) => r.app.serverCpuUsPerRequest),
      },
    };
  } finally {
    await server.stop();
  }
}
