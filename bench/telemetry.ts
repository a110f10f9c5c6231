/**
 * Live-fleet benchmark (issue 5): with the embedded broker, simulated robots at 1 state/s + 2 visualization/s
 * and 20 browsers on /live, the messages ingested per second and the delay from publish to browser at 1,000,
 * 3,000 and 10,000 robots; the largest fleet held with p99 < 250 ms; and the broker alone as the ceiling.
 *
 *   npx tsx bench/telemetry.ts                     # PostgreSQL on 127.0.0.1 (a throwaway database)
 *   BENCH_DATABASE=pglite npx tsx bench/telemetry.ts
 *
 * Env: BENCH_STEPS (1000,3000,10000), BENCH_RUNS (2, medians reported), BENCH_SECONDS (30), BENCH_WARMUP (10),
 * BENCH_CLIENTS (20), BENCH_PROBES (10), BENCH_SHARED_CONNECTIONS (8), BENCH_SEARCH (3 extra sizes; 0 = none),
 * BENCH_GOAL_P99_MS (250), BENCH_CEILING_STEPS (10000,20000,30000,40000; BENCH_CEILING=0 skips it),
 * BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_CPU_PROF_DIR (server CPU profiles),
 * BENCH_SERVER_NODE_ARGS (more node flags for the server), BENCH_SIM_NICE (10: the simulator's priority; 0 = the
 * benchmark's own), BENCH_LIFTS (0: lifts reporting once a second beside the robots, on gateways of 50) and
 * BENCH_LIFT_CLIENTS (5: /elevator browsers following them, publish → browser measured like the robots'),
 * BENCH_DEVICES (0: mini devices placed in a building of the simulated robots, heartbeating once a minute over the
 * bench login) and BENCH_PRESSES_PER_S (100: presses among them, each timed to the call's robot assigned),
 * BENCH_INSTANCES (1: instances of the console on the database and an external broker, the browsers spread over
 * them, their CPU summed) and BENCH_MQTT_URL (the external broker; mqtt://127.0.0.1:1883 when BENCH_INSTANCES > 1).
 * The largest fleet held by 3 instances (issue 20; the broker-only ceiling is the embedded broker's, so off):
 *   BENCH_INSTANCES=3 BENCH_CEILING=0 BENCH_RUNS=1 npx tsx bench/telemetry.ts
 * The lifts' figure (issue 14):
 *   BENCH_STEPS=10000 BENCH_LIFTS=500 BENCH_RUNS=3 BENCH_SEARCH=0 BENCH_CEILING=0 npx tsx bench/telemetry.ts
 * The server, the simulator and the broker-only run are child processes; the browsers and probes run here.
 * Writes bench/results/telemetry.json and prints the tables of docs/performance.md.
 */

import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gitState } from './support/git-state.js';
import { intList, median, positiveInt } from './support/stats.js';
import { type BenchDatabase, seedBench, throwawayPostgres } from './telemetry/fleet-db.js';
import {
  type CeilingResult,
  measureCeiling,
  measureStep,
  type StepResult,
  type StepSettings,
} from './telemetry/measure-step.js';
import { freePort, killAll } from './telemetry/processes.js';
import {
  ceilingLine,
  ceilingTable,
  deviceTable,
  largestHeld,
  liftTable,
  liveTable,
  perMessageLines,
  stepLine,
} from './telemetry/report.js';

const root = path.resolve(import.meta.dirname, '..');
const STEPS = intList('BENCH_STEPS', [1000, 3000, 10_000]);
const RUNS = positiveInt('BENCH_RUNS', 2);
const SECONDS = positiveInt('BENCH_SECONDS', 30);
const WARMUP = positiveInt('BENCH_WARMUP', 10);
const SEARCH = process.env.BENCH_SEARCH === '0' ? 0 : positiveInt('BENCH_SEARCH', 3);
const GOAL_MS = positiveInt('BENCH_GOAL_P99_MS', 250);
const CEILING =
  process.env.BENCH_CEILING === '0' ? [] : intList('BENCH_CEILING_STEPS', [10_000, 20_000, 30_000, 40_000]);
const MAX_ROBOTS = positiveInt('BENCH_MAX_ROBOTS', 40_000);
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROF_DIR = process.env.BENCH_CPU_PROF_DIR;
/** Instances of the console sharing the database and an external broker (the machine's Mosquitto by default). */
const INSTANCES = positiveInt('BENCH_INSTANCES', 1);
const MQTT_URL = process.env.BENCH_MQTT_URL ?? (INSTANCES > 1 ? 'mqtt://127.0.0.1:1883' : null);

/** Drops the database and removes the work folder; set once they exist. */
let cleanUp: (() => Promise<void>) | null = null;

/** Ends the run from outside main(): children killed, then the database dropped (at most 15 s), then exit. */
function abort(why: string, code: number): void {
  process.stderr.write(`bench: ${why}\n`);
  killAll();
  setTimeout(() => process.exit(code), 15_000).unref();
  void (cleanUp?.() ?? Promise.resolve()).finally(() => process.exit(code));
}

// A step takes about warm-up + measure + two minutes of start and stop; the watchdog ends a hung run.
const budgetS = (STEPS.length + SEARCH + CEILING.length) * RUNS * (WARMUP + SECONDS + 150) + 300;
setTimeout(() => abort(`gave up after ${budgetS} s`, 3), budgetS * 1000).unref();

async function main(): Promise<number> {
  const load = { before: os.loadavg(), after: [0, 0, 0] };
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-telemetry-'));
  let db: BenchDatabase | null = null;
  let cleaned: Promise<void> | null = null;
  cleanUp = () => {
    cleaned ??= (async () => {
      await db
        ?.drop()
        .catch((err: unknown) => process.stderr.write(`bench: could not drop the database: ${err}\n`));
      await rm(workDir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  try {
    db =
      process.env.BENCH_DATABASE === 'pglite'
        ? { url: undefined, dataDir: workDir, label: 'PGlite (in the server process)', drop: async () => {} }
        : await throwawayPostgres(PG_BASE, workDir);
    const settings: StepSettings = {
      root,
      workDir,
      db,
      companyId: await seedBench(db),
      benchPassword: randomBytes(18).toString('base64url'),
      probePassword: randomBytes(18).toString('base64url'),
      clients: positiveInt('BENCH_CLIENTS', 20),
      probes: Math.min(99, positiveInt('BENCH_PROBES', 10)),
      sharedConnections: positiveInt('BENCH_SHARED_CONNECTIONS', 8),
      simNice: process.env.BENCH_SIM_NICE === '0' ? 0 : positiveInt('BENCH_SIM_NICE', 10),
      lifts: positiveInt('BENCH_LIFTS', 0, true),
      liftClients: positiveInt('BENCH_LIFT_CLIENTS', 5),
      devices: positiveInt('BENCH_DEVICES', 0, true),
      pressesPerS: positiveInt('BENCH_PRESSES_PER_S', 100, true),
      warmupS: WARMUP,
      seconds: SECONDS,
      readyTimeoutMs: positiveInt('BENCH_READY_TIMEOUT_S', 90) * 1000,
      serverNodeArgs: [
        ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
        ...(PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROF_DIR)] : []),
      ],
      instances: INSTANCES,
      mqttUrl: MQTT_URL,
    };
    const cpus = os.cpus();
    const code = gitState();
    process.stdout.write(
      `code: ${code}\ndatabase: ${db.label}\nmachine: ${cpus.length} × ${cpus[0]?.model.trim()}, Node ${process.version}\n` +
        `load average: ${load.before.map((l) => l.toFixed(2)).join(' ')}\n` +
        `${settings.clients} browsers, ${settings.probes} probes, ${settings.sharedConnections} shared connections, simulator at nice ${settings.simNice}, ` +
        `${settings.lifts ? `${settings.lifts} lifts at 1 state/s with ${settings.liftClients} /elevator browsers, ` : ''}` +
        `${settings.devices ? `${settings.devices} mini devices heartbeating once a minute with ${settings.pressesPerS} presses/s, ` : ''}` +
        `${MQTT_URL ? `${INSTANCES} instance(s) on the broker ${MQTT_URL} (browsers spread over them; server figures summed), ` : ''}` +
        `${WARMUP} s warm-up + ${SECONDS} s per step, ${RUNS} run(s)\n`,
    );
    if ((load.before[0] ?? 0) > cpus.length / 2) {
      process.stderr.write(
        `bench: warning: load average ${load.before[0]?.toFixed(2)} before the run; figures will be low\n`,
      );
    }

    const live = new Map<number, StepResult[]>();
    const ceiling = new Map<number, CeilingResult[]>();
    const step = async (robots: number) => {
      const r = await measureStep(settings, robots);
      process.stdout.write(`${stepLine(r)}\n`);
      live.set(robots, [...(live.get(robots) ?? []), r]);
    };
    const alone = async (robots: number) => {
      const r = await measureCeiling(settings, robots, await freePort());
      process.stdout.write(`${ceilingLine(r)}\n`);
      ceiling.set(robots, [...(ceiling.get(robots) ?? []), r]);
    };
    // A size measured both ways has its broker-alone run right after each of the server's: the ratio compares runs
    // minutes apart, not a server run with a broker run a quarter of an hour later on a host whose speed drifts.
    for (let run = 0; run < RUNS; run++)
      for (const n of STEPS) {
        await step(n);
        if (CEILING.includes(n)) await alone(n);
      }

    // Where the goal is met and missed: double past the largest size tried, or halve the gap.
    for (let i = 0; i < SEARCH; i++) {
      const { held, missedAt } = largestHeld(live, GOAL_MS);
      const next =
        missedAt === null ? Math.min(MAX_ROBOTS, held * 2) : Math.round((held + missedAt) / 2 / 500) * 500;
      if (
        next <= held ||
        live.has(next) ||
        (missedAt !== null && missedAt - held <= Math.max(500, held / 10))
      )
        break;
      for (let run = 0; run < RUNS; run++) await step(next);
    }

    for (let run = 0; run < RUNS; run++) for (const n of CEILING) if (!STEPS.includes(n)) await alone(n);

    load.after = os.loadavg();
    const { held, missedAt } = largestHeld(live, GOAL_MS);
    const perMessage = perMessageLines(live, ceiling);
    const summary =
      `\n${liveTable(live)}\n${settings.lifts ? `\nLifts:\n\n${liftTable(live)}\n` : ''}${settings.devices ? `\nMini devices:\n\n${deviceTable(live)}\n` : ''}\nLargest fleet held with p99 < ${GOAL_MS} ms: ${held.toLocaleString('en-US')} robots` +
      `${missedAt ? ` (missed at ${missedAt.toLocaleString('en-US')})` : ' (every size tried)'}\n` +
      (ceiling.size ? `\nBroker alone:\n\n${ceilingTable(ceiling)}\n` : '') +
      (perMessage ? `\nPer message:\n${perMessage}\n` : '') +
      `\nload average before ${load.before.map((l) => l.toFixed(2)).join(' ')}, after ${load.after.map((l) => l.toFixed(2)).join(' ')}\n`;
    process.stdout.write(summary);

    const resultsDir = path.join(root, 'bench/results');
    await mkdir(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'telemetry.json');
    await writeFile(
      file,
      `${JSON.stringify(
        {
          bench: 'telemetry',
          date: new Date().toISOString(),
          code,
          database: db.label,
          machine: { cpus: cpus.length, cpuModel: cpus[0]?.model.trim(), node: process.version },
          loadAverage: load,
          settings: { ...settings, benchPassword: undefined, probePassword: undefined, db: undefined, RUNS },
          largestHeld: { goalP99Ms: GOAL_MS, held, missedAt },
          medians: Object.fromEntries(
            [...live].map(([n, r]) => [
              n,
              { p50: median(r.map((x) => x.delay.p50)), p99: median(r.map((x) => x.delay.p99)) },
            ]),
          ),
          live: Object.fromEntries(live),
          ceiling: Object.fromEntries(ceiling),
        },
        // JSON has no Infinity: an undelivered probe message would otherwise read as a delay of null.
        (_key, value: unknown) =>
          typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
        2,
      )}\n`,
    );
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
    return 0;
  } finally {
    killAll();
    await cleanUp();
  }
}

// Ctrl-C: children are killed and the throwaway database is dropped before exiting.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => abort(`${signal}: stopping`, 130));

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    killAll();
    process.exit(1);
  },
);
