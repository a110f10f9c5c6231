import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promSum, round } from '../support/stats.js';
import { ApiProbe } from './api-probe.js';
import { DelayRecorder, type DelayResult } from './delay-recorder.js';
import { registerDevices } from './device-db.js';
import { DeviceLoad, type DeviceLoadResult } from './device-load.js';
import { BENCH_ACCOUNT, type BenchDatabase, registerFleet } from './fleet-db.js';
import { LiftClients, type LiftDelayResult } from './lift-clients.js';
import { registerLifts } from './lift-db.js';
import { LiftGateways } from './lift-gateways.js';
import { LiveClients } from './live-clients.js';
import { Probes } from './probes.js';
import {
  cpuSeconds,
  cpuStallMicros,
  machineCpu,
  memoryMiB,
  startNode,
  threadCpuSeconds,
  threadSplit,
} from './processes.js';
import { type ServerUnderTest, startServer } from './server-process.js';
import { startSim } from './sim-process.js';

export interface StepSettings {
  root: string;
  workDir: string;
  db: BenchDatabase;
  companyId: string;
  benchPassword: string;
  probePassword: string;
  clients: number;
  probes: number;
  sharedConnections: number;
  /** The simulator's nice value (BENCH_SIM_NICE). */
  simNice: number;
  /** Lifts reporting once a second beside the robots (BENCH_LIFTS), and the /elevator browsers following them. */
  lifts: number;
  liftClients: number;
  /** Mini devices heartbeating once a minute (BENCH_DEVICES), and presses a second among them (BENCH_PRESSES_PER_S). */
  devices: number;
  pressesPerS: number;
  warmupS: number;
  seconds: number;
  readyTimeoutMs: number;
  serverNodeArgs: string[];
  /**
   * Instances of the console sharing the database and an external broker (BENCH_INSTANCES, BENCH_MQTT_URL); with
   * one and no broker given, the server's embedded broker as users start it.
   */
  instances: number;
  mqttUrl: string | null;
}

export interface StepResult {
  robots: number;
  simSentPerS: number;
  simDropped: number;
  ingestedPerS: number;
  droppedPerS: number;
  delay: DelayResult;
  serverCpuPct: number;
  /** Server CPU time per ingested message (batches to browsers included): steadier than rates on a busy machine. */
  serverCpuUsPerMsg: number;
  /** The first instance's serverCpuUsPerMsg by thread: main, telemetry (its busiest other thread), V8's helpers. */
  threadUsPerMsg: { main: number; telemetry: number; helpers: number };
  simCpuPct: number;
  /** This process: the 20 browsers and the probes. */
  browsersCpuPct: number;
  machineBusyPct: number;
  /** Share of the time some task of the machine (ours or anyone's) waited for a CPU. */
  cpuStallPct: number;
  serverRssMiB: number;
  serverPeakRssMiB: number;
  serverEventLoopP99Ms: number;
  /** The telemetry thread's event-loop delay, p99 of its worst second in the window. */
  threadLoopP99Ms: number;
  /** An operator's API call (`/opt/v1/user/me`) every 250 ms during the window: answer times, ms. */
  api: ReturnType<ApiProbe['stop']>;
  batchesPerS: number;
  browserMiBPerS: number;
  snapshotMiB: number;
  skippedSlow: number;
  closedTooSlow: number;
  clientCloses: Record<string, number>;
  benchEventLoopP99Ms: number;
  simSummary: string;
  /** With lifts: states published per second, and publish → /elevator browser. */
  lifts: { count: number; publishedPerS: number; delay: LiftDelayResult } | null;
  /** With mini devices: heartbeats and presses a second, and press → robot assigned. */
  devices: ({ count: number } & DeviceLoadResult) | null;
}

const MAP_ID = 'bench-floor';
/** The server's default LIFT_TOPIC_PREFIX and DEVICE_TOPIC_PREFIX. */
const LIFT_PREFIX = 'lifts/v1';
const DEVICE_PREFIX = 'devices/v1';
const roundDelay = (d: LiftDelayResult): LiftDelayResult => ({
  ...d,
  p50: round(d.p50),
  p99: round(d.p99),
  max: round(d.max),
});
const GRACE_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One measured step: `robots` robots registered, a fresh server, the browsers subscribed, probes and the
 * simulator publishing; after the warm-up, counters and delays over `seconds`.
 */
export async function measureStep(s: StepSettings, robots: number): Promise<StepResult> {
  await registerFleet(s.db, s.companyId, robots, s.probes, s.probePassword);
  const benchLifts = await registerLifts(s.db, s.companyId, s.lifts, s.probePassword);
  const devices = await registerDevices(s.db, s.companyId, s.devices);
  const deviceNames = devices.names;
  const servers: ServerUnderTest[] = [];
  try {
    for (let i = 0; i < s.instances; i++)
      servers.push(
        await startServer({
          root: s.root,
          db: s.db,
          benchPassword: s.benchPassword,
          readyTimeoutMs: s.readyTimeoutMs,
          nodeArgs: s.serverNodeArgs,
          ...(s.mqttUrl ? { mqttUrl: s.mqttUrl, name: `server-${i + 1}` } : {}),
        }),
      );
  } catch (err) {
    for (const started of servers) await started.stop();
    throw err;
  }
  const server = servers[0] as ServerUnderTest;
  const cpuOfServers = () => servers.reduce((sum, sv) => sum + cpuSeconds(sv.child.pid), 0);
  const metricsOfServers = () => Promise.all(servers.map((sv) => sv.metrics()));
  const recorder = new DelayRecorder(s.probes, s.clients);
  const clients = new LiveClients(recorder, s.clients);
  const probes = new Probes(recorder, s.probes);
  const gateways = new LiftGateways();
  const liftClients = new LiftClients(gateways.publishedAt, benchLifts.length ? s.liftClients : 0);
  const deviceLoad = new DeviceLoad(deviceNames, s.pressesPerS);
  const brokerUrl = s.mqttUrl ?? `mqtt://127.0.0.1:${server.mqttPort}`;
  try {
    const token = await server.login(BENCH_ACCOUNT);
    // The browsers are spread over the instances, as a balancer spreads them.
    await clients.open(
      servers.map((sv) => `${sv.apiUrl.replace('http', 'ws')}/live`),
      token,
    );
    await liftClients.open(`${server.apiUrl.replace('http', 'ws')}/live`, token);
    await probes.start(brokerUrl, s.probePassword, MAP_ID);
    if (benchLifts.length) await gateways.start(brokerUrl, LIFT_PREFIX, benchLifts, s.probePassword);
    await deviceLoad.start(brokerUrl, DEVICE_PREFIX, 'bench', s.benchPassword);
    const sim = await startSim({
      root: s.root,
      workDir: s.workDir,
      brokerUrl,
      robots,
      benchPassword: s.benchPassword,
      sharedConnections: s.sharedConnections,
      // With devices, the robots stand on their floor; the probes stay on a map of their own, out of the calls.
      mapId: devices.floorId ?? MAP_ID,
      startTimeoutMs: 180_000,
      nice: s.simNice,
    });
    let simSummary = '';
    try {
      await sleep(s.warmupS * 1000);
      const own = monitorEventLoopDelay({ resolution: 10 });
      const ms0 = await metricsOfServers();
      const m0 = ms0[0] ?? '';
      const t0 = performance.now();
      const cpu0 = cpuOfServers();
      const threads0 = threadCpuSeconds(server.child.pid);
      const simCpu0 = cpuSeconds(sim.child.pid);
      const mach0 = machineCpu();
      const stall0 = cpuStallMicros();
      const c0 = clients.totals();
      const sim0 = sim.latest();
      const own0 = process.cpuUsage();
      recorder.window(t0, t0 + s.seconds * 1000);
      liftClients.window(t0, t0 + s.seconds * 1000);
      deviceLoad.window(t0, t0 + s.seconds * 1000);
      const lifts0 = gateways.published;
      const api = new ApiProbe(server.apiUrl, token);
      api.start();
      own.enable();
      await sleep(s.seconds * 1000);
      own.disable();
      const apiTimes = api.stop();
      const ownCpu = process.cpuUsage(own0);
      const t1 = performance.now();
      const liftsPublished = gateways.published - lifts0;
      for (const sv of servers)
        if (sv.child.proc.exitCode !== null || sv.child.proc.signalCode !== null) {
          throw new Error(
            `the server died during the step (${sv.child.proc.exitCode ?? sv.child.proc.signalCode}); it printed:\n${sv.child.tail()}`,
          );
        }
      const cpu1 = cpuOfServers();
      const split = threadSplit(server.child.pid, threads0, threadCpuSeconds(server.child.pid));
      const simCpu1 = cpuSeconds(sim.child.pid);
      const mach1 = machineCpu();
      const stall1 = cpuStallMicros();
      const c1 = clients.totals();
      const sim1 = sim.latest();
      const mems = servers.map((sv) => memoryMiB(sv.child.pid));
      const mem = {
        rss: mems.reduce((sum, m) => sum + m.rss, 0),
        peak: mems.reduce((sum, m) => sum + m.peak, 0),
      };
      const ms1 = await metricsOfServers();
      const m1 = ms1[0] ?? '';
      await sleep(GRACE_MS);
      const delay = recorder.result();
      simSummary = await sim.stop();
      const dt = (t1 - t0) / 1000;
      // Each instance hears every robot: messages are counted on the first; what the instances do, on all.
      const delta = (name: string, label?: string) => promSum(m1, name, label) - promSum(m0, name, label);
      const deltaAll = (name: string, label?: string) =>
        ms1.reduce((sum, m, i) => sum + promSum(m, name, label) - promSum(ms0[i] ?? '', name, label), 0);
      const worst = (name: string) => Math.max(...ms1.map((m) => promSum(m, name)));
      return {
        robots,
        simSentPerS: round((sim1.sent - sim0.sent) / Math.max(0.001, (sim1.at - sim0.at) / 1000)),
        simDropped: sim1.dropped - sim0.dropped,
        ingestedPerS: round(delta('fleet_messages_total') / dt),
        droppedPerS: round(delta('fleet_messages_dropped_total') / dt, 1),
        delay: {
          ...delay,
          p50: round(delay.p50),
          p99: round(delay.p99),
          max: round(delay.max),
          toTick: { p50: round(delay.toTick.p50), p99: round(delay.toTick.p99) },
          tickToBrowser: { p50: round(delay.tickToBrowser.p50), p99: round(delay.tickToBrowser.p99) },
        },
        serverCpuPct: round(((cpu1 - cpu0) / dt) * 100),
        serverCpuUsPerMsg: round(((cpu1 - cpu0) * 1e6) / Math.max(1, delta('fleet_messages_total')), 1),
        threadUsPerMsg: {
          main: round((split.main * 1e6) / Math.max(1, delta('fleet_messages_total')), 1),
          telemetry: round((split.busiest * 1e6) / Math.max(1, delta('fleet_messages_total')), 1),
          helpers: round((split.rest * 1e6) / Math.max(1, delta('fleet_messages_total')), 1),
        },
        browsersCpuPct: round((ownCpu.user + ownCpu.system) / 1e4 / dt),
        simCpuPct: round(((simCpu1 - simCpu0) / dt) * 100),
        machineBusyPct: round(((mach1.busy - mach0.busy) / Math.max(1, mach1.total - mach0.total)) * 100),
        cpuStallPct: round((stall1 - stall0) / 1e4 / dt),
        serverRssMiB: round(mem.rss),
        serverPeakRssMiB: round(mem.peak),
        serverEventLoopP99Ms: round(worst('nodejs_eventloop_lag_p99_seconds') * 1000, 1),
        threadLoopP99Ms: round(worst('fleet_telemetry_thread_event_loop_p99_seconds') * 1000, 1),
        api: apiTimes,
        batchesPerS: round(deltaAll('live_batches_total') / dt, 1),
        browserMiBPerS: round((c1.bytes - c0.bytes) / dt / 2 ** 20, 1),
        snapshotMiB: round(clients.snapshotBytes / 2 ** 20, 2),
        skippedSlow: deltaAll('live_batches_skipped_total'),
        closedTooSlow: deltaAll('live_disconnects_total', 'reason="too_slow"'),
        clientCloses: Object.fromEntries([...clients.closes].map(([code, n]) => [String(code), n])),
        benchEventLoopP99Ms: round(own.percentile(99) / 1e6, 1),
        simSummary,
        lifts: benchLifts.length
          ? {
              count: benchLifts.length,
              publishedPerS: round(liftsPublished / dt),
              delay: roundDelay(liftClients.result(liftsPublished)),
            }
          : null,
        devices: deviceNames.length ? { count: deviceNames.length, ...deviceLoad.result(dt) } : null,
      };
    } finally {
      if (!simSummary) await sim.child.stop(5000);
    }
  } finally {
    await probes.stop().catch(() => {});
    await gateways.stop();
    await deviceLoad.stop();
    clients.close();
    liftClients.close();
    for (const sv of servers) await sv.stop();
  }
}

export interface CeilingResult {
  robots: number;
  simSentPerS: number;
  simDropped: number;
  receivedPerS: number;
  brokerCpuPct: number;
  simCpuPct: number;
  machineBusyPct: number;
}

/** The broker alone at the same message mix: publish → the in-process subscriber, counting only. */
export async function measureCeiling(s: StepSettings, robots: number, port: number): Promise<CeilingResult> {
  const broker = startNode('broker-only', 'bench/telemetry/broker-only.ts', [String(port), s.benchPassword], {
    cwd: s.root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    echo: /refused|rror/,
  });
  let received = { at: performance.now(), n: 0 };
  broker.onLine((line) => {
    const m = line.match(/^\{"received":(\d+)\}$/);
    if (m) received = { at: performance.now(), n: Number(m[1]) };
  });
  try {
    await broker.waitForLine(/^ready \d+/, s.readyTimeoutMs);
    const sim = await startSim({
      root: s.root,
      workDir: s.workDir,
      brokerUrl: `mqtt://127.0.0.1:${port}`,
      robots,
      benchPassword: s.benchPassword,
      sharedConnections: s.sharedConnections,
      mapId: MAP_ID,
      startTimeoutMs: 180_000,
      nice: s.simNice,
    });
    try {
      await sleep(s.warmupS * 1000);
      const r0 = received;
      const sim0 = sim.latest();
      const cpu0 = cpuSeconds(broker.pid);
      const simCpu0 = cpuSeconds(sim.child.pid);
      const mach0 = machineCpu();
      const t0 = performance.now();
      await sleep(s.seconds * 1000);
      const dt = (performance.now() - t0) / 1000;
      const r1 = received;
      const sim1 = sim.latest();
      const mach1 = machineCpu();
      return {
        robots,
        simSentPerS: round((sim1.sent - sim0.sent) / Math.max(0.001, (sim1.at - sim0.at) / 1000)),
        simDropped: sim1.dropped - sim0.dropped,
        receivedPerS: round((r1.n - r0.n) / Math.max(0.001, (r1.at - r0.at) / 1000)),
        brokerCpuPct: round(((cpuSeconds(broker.pid) - cpu0) / dt) * 100),
        simCpuPct: round(((cpuSeconds(sim.child.pid) - simCpu0) / dt) * 100),
        machineBusyPct: round(((mach1.busy - mach0.busy) / Math.max(1, mach1.total - mach0.total)) * 100),
      };
    } finally {
      await sim.stop().catch(() => sim.child.stop(5000));
    }
  } finally {
    await broker.stop(15_000);
  }
}
