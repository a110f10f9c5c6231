import { monitorEventLoopDelay } from 'node:perf_hooks';
import { api } from '@fleet/contract';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { webhookDeliveries } from '../../server/src/db/schema/index.js';
import { startDemoServer } from '../support/bench-api.js';
import { median, percentile, promSum, round } from '../support/stats.js';
import type { BenchDatabase } from '../support/throwaway-postgres.js';
import { DelayRecorder } from '../telemetry/delay-recorder.js';
import { BENCH_ACCOUNT, benchSerial, openBenchDb, registerFleet, seedBench } from '../telemetry/fleet-db.js';
import { LiveClients } from '../telemetry/live-clients.js';
import { Probes } from '../telemetry/probes.js';
import { cpuSeconds, cpuStallMicros, machineCpu } from '../telemetry/processes.js';
import { createApps, createWebhook, setWebhooksTold } from './apps-setup.js';
import { ErrorFleet } from './error-fleet.js';
import { type Delivery, Receivers } from './receivers.js';

export interface WebhookSettings {
  root: string;
  workDir: string;
  db: BenchDatabase;
  robots: number;
  /** Robots toggling an error once a second (≤ robots): the events a second. */
  eventsPerS: number;
  visualizationPerS: number;
  receivers: number;
  /** The receivers' thread's nice value (BENCH_RECEIVER_NICE, 10; 0 = the bench's own). */
  receiverNice: number;
  liveClients: number;
  probes: number;
  runs: number;
  warmupS: number;
  seconds: number;
  graceS: number;
  /** The phases of each round: webhooks off, then on (BENCH_WEBHOOK_PHASES=on for a profile of the load alone). */
  phases: boolean[];
  benchPassword: string;
  probePassword: string;
  serverNodeArgs: string[];
}

export interface PhaseResult {
  run: number;
  webhooks: boolean;
  /** Robot states (each one event) published per second in the window. */
  eventsPerS: number;
  /** Deliveries the receivers got per second during the window (whatever event they were for). */
  deliveriesPerS: number;
  /** Deliveries of the window's events: expected (events × receivers), received once at least, never received. */
  expected: number;
  received: number;
  lost: number;
  duplicates: number;
  /** Deliveries that named no state of ours (wrong robot, code or time): must be 0. */
  unmatched: number;
  /** Publish → receiver, ms, of the window's events; undelivered ones count as infinitely late. */
  latency: { p50: number; p95: number; p99: number; max: number };
  /** From the window's end until its last delivery arrived, s (NaN when some never came within the grace). */
  drainS: number;
  /** Publish → /live browser of the probe robots, ms. */
  robots: {
    samples: number;
    p50: number;
    p99: number;
    lost: number;
    /** Publish → the server's live batch tick, and the tick → the browser, p99 (DelayRecorder). */
    toTickP99: number;
    tickToBrowserP99: number;
  };
  /** The telemetry thread's event-loop delay p99 (its worst second in the window), ms. */
  telemetryLoopP99Ms: number;
  ingestedPerS: number;
  droppedPerS: number;
  serverCpuPct: number;
  /** The server's main event loop: delay p99 over the window (prom-client's, reset at each scrape). */
  serverLoopP99Ms: number;
  serverLoopMaxMs: number;
  /** Share of the window some task of the machine waited for a CPU (Linux pressure stall information), %. */
  cpuStallPct: number;
  /** PostgreSQL's backends serving the server's database (null on PGlite, which is inside the server). */
  databaseCpuPct: number | null;
  benchCpuPct: number;
  /** The receivers' thread: event-loop utilisation (%) and delay p99. */
  receiversBusyPct: number;
  receiversLoopP99Ms: number;
  benchLoopP99Ms: number;
  machineBusyPct: number;
}

export interface WebhookResult {
  database: string;
  robots: number;
  eventsPerS: number;
  receivers: number;
  phases: PhaseResult[];
  /** Robot p99 with webhooks on ÷ off, per round. */
  robotP99Ratios: number[];
  median: {
    deliveriesPerS: number;
    p50: number;
    p95: number;
    robotP99Off: number;
    robotP99On: number;
    robotP99Ratio: number;
  };
  totals: {
    expected: number;
    received: number;
    lost: number;
    duplicates: number;
    unmatched: number;
    badSignatures: number;
  };
  deliveryStatuses: Record<string, number>;
  /** From SIGTERM to the server's exit, s. */
  serverStopS: number;
}

interface Phase {
  result: PhaseResult;
  from: number;
  to: number;
  latencies: number[];
  receivedDuringWindow: number;
  lastReceivedAt: number;
}

const MAP_ID = 'bench-floor';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Robot events turned into webhook deliveries the real way: robots' states over MQTT, the server's history noticing
 * the error raised or cleared, its dispatcher writing and sending each delivery to every receiver. Phases with the
 * webhooks off and on alternate on one server, so the robots' live delay is compared within the run.
 */
export async function measureWebhooks(s: WebhookSettings): Promise<WebhookResult> {
  const companyId = await seedBench(s.db);
  await registerFleet(s.db, companyId, s.robots, s.probes, s.probePassword);
  const fleet = new ErrorFleet(s.robots, s.visualizationPerS, Math.min(s.robots, s.eventsPerS));
  const phases: Phase[] = [];
  const seen = new Set<number>();
  const indexOf = new Map<string, number>();
  let unmatchedTotal = 0;
  let duplicatesTotal = 0;
  const phaseOf = (at: number) => {
    for (let i = phases.length - 1; i >= 0; i--) {
      const p = phases[i];
      if (p && at >= p.from && at < p.to) return p;
    }
    return null;
  };
  const current = () => phases.at(-1) ?? null;
  const receivers = new Receivers((d: Delivery) => {
    const now = current();
    if (now && d.at >= now.from && d.at < now.to) now.receivedDuringWindow++;
    if (d.type !== 'robot.error.raised' && d.type !== 'robot.error.cleared') return;
    const robot = d.robotId ? indexOf.get(d.robotId) : undefined;
    const seq =
      robot === undefined ? -1 : fleet.stateOf(robot, d.type, d.code ?? '', Date.parse(d.timestamp));
    const publishedAt = robot === undefined ? undefined : fleet.publishedAt[robot]?.[seq];
    if (robot === undefined || seq < 0 || publishedAt === undefined) {
      unmatchedTotal++;
      if (now) now.result.unmatched++;
      return;
    }
    const key = (seq * s.robots + robot) * s.receivers + d.receiver;
    const phase = phaseOf(publishedAt);
    if (seen.has(key)) {
      duplicatesTotal++;
      if (phase) phase.result.duplicates++;
      return;
    }
    seen.add(key);
    if (!phase) return;
    phase.result.received++;
    phase.latencies.push(d.at - publishedAt);
    phase.lastReceivedAt = d.at;
  });
  await receivers.start(s.receivers, s.receiverNice);

  const server = await startDemoServer({
    root: s.root,
    dataDir: s.db.dataDir,
    ...(s.db.url ? { databaseUrl: s.db.url } : {}),
    env: { SEED_DEMO: 'false', MQTT_BENCH_PASSWORD: s.benchPassword, WEBHOOK_ALLOW_PRIVATE: 'true' },
    nodeArgs: s.serverNodeArgs,
    stopGraceMs: 60_000,
  });
  // BENCH_ECHO_SERVER=<regex>: the server's lines that match are shown as they come.
  const echo = process.env.BENCH_ECHO_SERVER ? new RegExp(process.env.BENCH_ECHO_SERVER) : null;
  if (echo) server.onLine((line) => echo.test(line) && process.stderr.write(`  [server] ${line}\n`));
  const recorder = new DelayRecorder(s.probes, s.liveClients);
  const clients = new LiveClients(recorder, s.liveClients);
  const probes = new Probes(recorder, s.probes);
  let statuses: Record<string, number> = {};
  let stopS = Number.NaN;
  try {
    const { call } = server;
    const { token } = await call(api.login, null, { body: { account: BENCH_ACCOUNT, password: 'demo1234' } });
    const apps = await createApps(call, token, s.receivers, 'Bench webhooks');
    const hooks = [];
    for (const [i, app] of apps.entries()) {
      const hook = await createWebhook(call, token, app.appId, receivers.urls[i] ?? '');
      receivers.setSecret(i, hook.signingSecret);
      hooks.push(hook);
    }
    await setWebhooksTold(call, token, hooks, false);
    for (const r of await call(api.listRobots, token)) {
      const m = /^BENCH-(\d+)$/.exec(r.serialNumber);
      if (m && r.manufacturer === 'fleetbench') indexOf.set(r.id, Number(m[1]) - 1);
    }
    if (
      indexOf.size !== s.robots ||
      benchSerial(s.robots - 1) !== `BENCH-${String(s.robots).padStart(6, '0')}`
    )
      throw new Error(`${indexOf.size} bench robots registered, ${s.robots} wanted`);

    await clients.open(`${server.base.replace('http', 'ws')}/live`, token);
    await probes.start(server.mqttUrl, s.probePassword, MAP_ID);
    await fleet.start(server.mqttUrl, 'bench', s.benchPassword, MAP_ID);

    /** Until the receivers have had nothing for `quietMs`, or `maxMs` went by. */
    const quiet = async (quietMs: number, maxMs: number) => {
      const end = performance.now() + maxMs;
      while (performance.now() < end && performance.now() - receivers.lastAt < quietMs) await sleep(250);
    };

    for (let run = 1; run <= s.runs; run++) {
      for (const on of s.phases) {
        await setWebhooksTold(call, token, hooks, on);
        // What an earlier phase still had under way must not fall into this one.
        if (!on) await quiet(2000, s.graceS * 1000);
        await sleep(s.warmupS * 1000);
        const from = performance.now();
        const to = from + s.seconds * 1000;
        const phase: Phase = {
          from,
          to,
          latencies: [],
          receivedDuringWindow: 0,
          lastReceivedAt: 0,
          result: {
            run,
            webhooks: on,
            eventsPerS: 0,
            deliveriesPerS: 0,
            expected: 0,
            received: 0,
            lost: 0,
            duplicates: 0,
            unmatched: 0,
            latency: { p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN },
            drainS: Number.NaN,
            robots: {
              samples: 0,
              p50: Number.NaN,
              p99: Number.NaN,
              lost: 0,
              toTickP99: Number.NaN,
              tickToBrowserP99: Number.NaN,
            },
            telemetryLoopP99Ms: 0,
            ingestedPerS: 0,
            droppedPerS: 0,
            serverCpuPct: 0,
            serverLoopP99Ms: 0,
            serverLoopMaxMs: 0,
            cpuStallPct: 0,
            databaseCpuPct: null,
            benchCpuPct: 0,
            receiversBusyPct: 0,
            receiversLoopP99Ms: 0,
            benchLoopP99Ms: 0,
            machineBusyPct: 0,
          },
        };
        phases.push(phase);
        fleet.window(from, to);
        recorder.restart(from, to);
        const m0 = await metrics(server.base);
        const cpu0 = cpuSeconds(server.pid);
        const db0 = await databaseCpu(s.db);
        await receivers.load();
        const own0 = process.cpuUsage();
        const mach0 = machineCpu();
        const stall0 = cpuStallMicros();
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        await sleep(Math.max(0, to - performance.now()));
        loop.disable();
        const dt = (performance.now() - from) / 1000;
        const cpu1 = cpuSeconds(server.pid);
        const own = process.cpuUsage(own0);
        const recv = await receivers.load();
        const db1 = await databaseCpu(s.db);
        const mach1 = machineCpu();
        const stall1 = cpuStallMicros();
        const m1 = await metrics(server.base);
        const events = fleet.inWindow;
        await sleep(2000);
        const live = recorder.result();
        const r = phase.result;
        r.eventsPerS = round(events / s.seconds);
        r.deliveriesPerS = round(phase.receivedDuringWindow / dt);
        r.robots = {
          samples: live.samples,
          p50: round(live.p50),
          p99: round(live.p99),
          lost: live.lost,
          toTickP99: round(live.toTick.p99),
          tickToBrowserP99: round(live.tickToBrowser.p99),
        };
        r.telemetryLoopP99Ms = round(promSum(m1, 'fleet_telemetry_thread_event_loop_p99_seconds') * 1000, 1);
        r.ingestedPerS = round(
          (promSum(m1, 'fleet_messages_total') - promSum(m0, 'fleet_messages_total')) / dt,
        );
        r.droppedPerS = round(
          (promSum(m1, 'fleet_messages_dropped_total') - promSum(m0, 'fleet_messages_dropped_total')) / dt,
          1,
        );
        r.serverCpuPct = round(((cpu1 - cpu0) / dt) * 100);
        r.serverLoopP99Ms = round(promSum(m1, 'nodejs_eventloop_lag_p99_seconds') * 1000, 1);
        r.serverLoopMaxMs = round(promSum(m1, 'nodejs_eventloop_lag_max_seconds') * 1000, 1);
        r.cpuStallPct = round((stall1 - stall0) / 1e4 / dt);
        const dbSpent = databaseCpuSpent(db0, db1);
        r.databaseCpuPct = dbSpent === null ? null : round((dbSpent / dt) * 100);
        r.receiversBusyPct = round(recv.utilization * 100);
        r.receiversLoopP99Ms = round(recv.delayP99Ms, 1);
        r.benchCpuPct = round((own.user + own.system) / 1e4 / dt);
        r.benchLoopP99Ms = round(loop.percentile(99) / 1e6, 1);
        r.machineBusyPct = round(((mach1.busy - mach0.busy) / Math.max(1, mach1.total - mach0.total)) * 100);
        if (on) {
          r.expected = events * s.receivers;
          const end = performance.now() + s.graceS * 1000;
          while (r.received < r.expected && performance.now() < end) await sleep(250);
          if (r.received >= r.expected) r.drainS = round((phase.lastReceivedAt - to) / 1000, 1);
        }
        settle(phase);
        process.stdout.write(
          `webhooks run ${run} ${on ? 'on ' : 'off'}: ${r.eventsPerS} events/s, ${r.deliveriesPerS} deliveries/s, ` +
            `event → receiver p50 ${r.latency.p50} p95 ${r.latency.p95} p99 ${r.latency.p99} max ${r.latency.max} ms, ` +
            `expected ${r.expected} received ${r.received} lost ${r.lost} duplicates ${r.duplicates} unmatched ${r.unmatched}, drained ${r.drainS} s | ` +
            `robots live p50 ${r.robots.p50} p99 ${r.robots.p99} ms (to tick p99 ${r.robots.toTickP99}, tick to browser p99 ${r.robots.tickToBrowserP99}; ${r.robots.samples} samples, ${r.robots.lost} lost) telemetry loop p99 ${r.telemetryLoopP99Ms} ms | ` +
            `ingested ${r.ingestedPerS} msg/s dropped ${r.droppedPerS}/s | server CPU ${r.serverCpuPct} % loop p99 ${r.serverLoopP99Ms} max ${r.serverLoopMaxMs} ms database CPU ${r.databaseCpuPct} % bench CPU ${r.benchCpuPct} % receivers busy ${r.receiversBusyPct} % (loop p99 ${r.receiversLoopP99Ms} ms) ` +
            `bench loop p99 ${r.benchLoopP99Ms} ms machine busy ${r.machineBusyPct} % CPU stall ${r.cpuStallPct} %\n`,
        );
      }
    }
    // Nothing new to tell; what is still on its way gets the grace to arrive, and whatever did not is counted in the
    // database below (pending or retrying: late, not lost).
    await setWebhooksTold(call, token, hooks, false);
    await quiet(2000, s.graceS * 1000);
    // Deliveries that came after their phase's grace still count as received (late), not lost.
    for (const p of phases) settle(p);
  } finally {
    await fleet.stop();
    await probes.stop().catch(() => {});
    clients.close();
    const stopping = performance.now();
    const code = await server.stop();
    stopS = round((performance.now() - stopping) / 1000, 1);
    if (code !== 0) process.stderr.write(`bench: the server exited with ${code} after ${stopS} s\n`);
    await receivers.stop();
  }
  const dbs = await openBenchDb(s.db);
  try {
    const rows = await dbs.regional.db
      .select({ status: webhookDeliveries.status, n: count() })
      .from(webhookDeliveries)
      .groupBy(webhookDeliveries.status);
    statuses = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    await dbs.close();
  }

  const results = phases.map((p) => p.result);
  const on = results.filter((r) => r.webhooks);
  const off = results.filter((r) => !r.webhooks);
  const ratios = on.map((r, i) => round(r.robots.p99 / (off[i]?.robots.p99 ?? Number.NaN), 2));
  const sum = (f: (r: PhaseResult) => number) => on.reduce((a, r) => a + f(r), 0);
  return {
    database: s.db.label,
    robots: s.robots,
    eventsPerS: Math.min(s.robots, s.eventsPerS),
    receivers: s.receivers,
    phases: results,
    robotP99Ratios: ratios,
    median: {
      deliveriesPerS: median(on.map((r) => r.deliveriesPerS)),
      p50: median(on.map((r) => r.latency.p50)),
      p95: median(on.map((r) => r.latency.p95)),
      robotP99Off: median(off.map((r) => r.robots.p99)),
      robotP99On: median(on.map((r) => r.robots.p99)),
      robotP99Ratio: median(ratios),
    },
    totals: {
      expected: sum((r) => r.expected),
      received: sum((r) => r.received),
      lost: sum((r) => r.lost),
      duplicates: duplicatesTotal,
      unmatched: unmatchedTotal,
      badSignatures: receivers.badSignatures,
    },
    deliveryStatuses: statuses,
    serverStopS: stopS,
  };
}

/** The phase's figures from what its receivers got so far; undelivered events count as infinitely late. */
function settle(p: Phase): void {
  const r = p.result;
  if (!r.webhooks) return;
  r.lost = Math.max(0, r.expected - r.received);
  const all = r.lost
    ? [...p.latencies, ...Array<number>(r.lost).fill(Number.POSITIVE_INFINITY)]
    : p.latencies;
  r.latency = {
    p50: round(percentile(all, 50)),
    p95: round(percentile(all, 95)),
    p99: round(percentile(all, 99)),
    max: round(all.length ? all.reduce((a, b) => Math.max(a, b), 0) : Number.NaN),
  };
}

async function metrics(base: string): Promise<string> {
  const r = await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(30_000) });
  if (!r.ok) throw new Error(`/metrics answered ${r.status}`);
  return r.text();
}

/**
 * CPU seconds so far of each PostgreSQL backend connected to the bench database (the server's pool), by pid, from
 * /proc; null on PGlite. `databaseCpuPct` counts the backends seen at the window's end: those also there at its start
 * from their seconds then, newer ones whole. A backend that ended within the window takes its seconds with it.
 */
async function databaseCpu(db: BenchDatabase): Promise<Map<number, number> | null> {
  if (!db.url) return null;
  const name = new URL(db.url).pathname.slice(1);
  const c = new pg.Client({ connectionString: db.url, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    const out = new Map<number, number>();
    for (const r of rows) {
      try {
        out.set(r.pid, cpuSeconds(r.pid));
      } catch {
        // Ended between the query and the read.
      }
    }
    return out;
  } finally {
    await c.end();
  }
}

function databaseCpuSpent(from: Map<number, number> | null, to: Map<number, number> | null): number | null {
  if (!from || !to) return null;
  let sum = 0;
  for (const [pid, cpu] of to) sum += cpu - (from.get(pid) ?? 0);
  return sum;
}
