import { median } from '../support/stats.js';
import type { CeilingResult, StepResult } from './measure-step.js';

/** Whole numbers from 100 up, one decimal below (medians of two runs end in .5). */
const fmt = (n: number) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: Math.abs(n) >= 100 ? 0 : 1 })
    : n > 0
      ? '∞'
      : '–';
const med = <T>(runs: T[], f: (r: T) => number) => median(runs.map(f));
const each = <T>(runs: T[], f: (r: T) => number) => runs.map((r) => fmt(f(r))).join(' / ');

/** One row per fleet size: medians over the runs, with the per-run p99 beside them. */
export function liveTable(byRobots: Map<number, StepResult[]>): string {
  const rows = [...byRobots].sort(([a], [b]) => a - b);
  return [
    '| robots | msg/s sent | msg/s ingested | p50 ms | p99 ms | p99 per run | max ms | samples | lost | server CPU | server µs CPU/msg | server RSS (peak) MiB | machine busy / CPU stall | batches/s | MiB/s to browsers | skipped / closed slow |',
    '|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|',
    ...rows.map(
      ([n, r]) =>
        `| ${fmt(n)} | ${fmt(med(r, (x) => x.simSentPerS))} | ${fmt(med(r, (x) => x.ingestedPerS))} | ` +
        `${fmt(med(r, (x) => x.delay.p50))} | ${fmt(med(r, (x) => x.delay.p99))} | ${each(r, (x) => x.delay.p99)} | ` +
        `${fmt(med(r, (x) => x.delay.max))} | ${fmt(med(r, (x) => x.delay.samples))} | ${fmt(med(r, (x) => x.delay.lost))} | ` +
        `${fmt(med(r, (x) => x.serverCpuPct))} % | ${fmt(med(r, (x) => x.serverCpuUsPerMsg))} | ` +
        `${fmt(med(r, (x) => x.serverRssMiB))} (${fmt(med(r, (x) => x.serverPeakRssMiB))}) | ` +
        `${fmt(med(r, (x) => x.machineBusyPct))} % / ${fmt(med(r, (x) => x.cpuStallPct))} % | ` +
        `${fmt(med(r, (x) => x.batchesPerS))} | ${fmt(med(r, (x) => x.browserMiBPerS))} | ` +
        `${r.map((x) => `${x.skippedSlow} / ${x.closedTooSlow}`).join(', ')} |`,
    ),
  ].join('\n');
}

/** With lifts beside the robots: their states per second and publish → /elevator browser, per fleet size. */
export function liftTable(byRobots: Map<number, StepResult[]>): string {
  const rows = [...byRobots].sort(([a], [b]) => a - b).filter(([, r]) => r.every((x) => x.lifts));
  const lift = (x: StepResult) =>
    x.lifts ?? { count: 0, publishedPerS: 0, delay: { p50: 0, p99: 0, max: 0, samples: 0, missed: 0 } };
  return [
    '| robots | lifts | lift states/s | lift p50 ms | lift p99 ms | lift p99 per run | lift max ms | samples | missed | robot p99 ms | robot p99 per run |',
    '|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---|',
    ...rows.map(
      ([n, r]) =>
        `| ${fmt(n)} | ${fmt(med(r, (x) => lift(x).count))} | ${fmt(med(r, (x) => lift(x).publishedPerS))} | ` +
        `${fmt(med(r, (x) => lift(x).delay.p50))} | ${fmt(med(r, (x) => lift(x).delay.p99))} | ${each(r, (x) => lift(x).delay.p99)} | ` +
        `${fmt(med(r, (x) => lift(x).delay.max))} | ${fmt(med(r, (x) => lift(x).delay.samples))} | ${fmt(med(r, (x) => lift(x).delay.missed))} | ` +
        `${fmt(med(r, (x) => x.delay.p99))} | ${each(r, (x) => x.delay.p99)} |`,
    ),
  ].join('\n');
}

export function deviceTable(byRobots: Map<number, StepResult[]>): string {
  const rows = [...byRobots].sort(([a], [b]) => a - b).filter(([, r]) => r.every((x) => x.devices));
  const dev = (x: StepResult) =>
    x.devices ?? {
      count: 0,
      heartbeatsPerS: 0,
      pressesPerS: 0,
      assigned: 0,
      waiting: 0,
      p50: 0,
      p99: 0,
      max: 0,
    };
  return [
    '| robots | devices | heartbeats/s | presses/s | assigned | waiting at the end | press → assigned p50 ms | p99 ms | p99 per run | max ms | robot p99 ms | robot p99 per run |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|',
    ...rows.map(
      ([n, r]) =>
        `| ${fmt(n)} | ${fmt(med(r, (x) => dev(x).count))} | ${fmt(med(r, (x) => dev(x).heartbeatsPerS))} | ` +
        `${fmt(med(r, (x) => dev(x).pressesPerS))} | ${fmt(med(r, (x) => dev(x).assigned))} | ${fmt(med(r, (x) => dev(x).waiting))} | ` +
        `${fmt(med(r, (x) => dev(x).p50))} | ${fmt(med(r, (x) => dev(x).p99))} | ${each(r, (x) => dev(x).p99)} | ` +
        `${fmt(med(r, (x) => dev(x).max))} | ${fmt(med(r, (x) => x.delay.p99))} | ${each(r, (x) => x.delay.p99)} |`,
    ),
  ].join('\n');
}

/** The broker alone's CPU for each message it received, µs. */
const brokerUsPerMsg = (x: CeilingResult) => (x.brokerCpuPct * 1e4) / Math.max(1, x.receivedPerS);

/**
 * The server's CPU per message against the broker alone's at each fleet size measured both ways (issue 20 asks
 * the server for at most 1.8 times the broker's: 10 µs against 5.6 on its machine). Empty when none was.
 */
export function perMessageLines(
  live: Map<number, StepResult[]>,
  ceiling: Map<number, CeilingResult[]>,
): string {
  return [...live]
    .sort(([a], [b]) => a - b)
    .flatMap(([n, r]) => {
      const alone = ceiling.get(n);
      if (!alone) return [];
      const server = med(r, (x) => x.serverCpuUsPerMsg);
      const broker = med(alone, brokerUsPerMsg);
      const split = `main thread ${fmt(med(r, (x) => x.threadUsPerMsg.main))}, telemetry thread ${fmt(med(r, (x) => x.threadUsPerMsg.telemetry))}, helpers ${fmt(med(r, (x) => x.threadUsPerMsg.helpers))}`;
      // Each server run against the broker run beside it (the sizes measured both ways alternate; see telemetry.ts).
      const pairs =
        r.length === alone.length
          ? r.map((x, i) => x.serverCpuUsPerMsg / brokerUsPerMsg(alone[i] as CeilingResult))
          : [];
      const paired = pairs.length
        ? `; run by run ${pairs.map((x) => x.toFixed(2)).join(' / ')}, median ${median(pairs).toFixed(2)} ×`
        : '';
      return [
        `${fmt(n)} robots: the server ${fmt(server)} µs CPU a message (${split}), the broker alone ${fmt(broker)}: ${(server / broker).toFixed(2)} ×${paired}`,
      ];
    })
    .join('\n');
}

export function ceilingTable(byRobots: Map<number, CeilingResult[]>): string {
  const rows = [...byRobots].sort(([a], [b]) => a - b);
  return [
    '| robots | msg/s sent | msg/s received (in-process subscriber) | received per run | broker CPU | broker µs CPU/msg | generator CPU | machine busy | dropped by the generator |',
    '|---:|---:|---:|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      ([n, r]) =>
        `| ${fmt(n)} | ${fmt(med(r, (x) => x.simSentPerS))} | ${fmt(med(r, (x) => x.receivedPerS))} | ${each(r, (x) => x.receivedPerS)} | ` +
        `${fmt(med(r, (x) => x.brokerCpuPct))} % | ${fmt(med(r, brokerUsPerMsg))} | ${fmt(med(r, (x) => x.simCpuPct))} % | ${fmt(med(r, (x) => x.machineBusyPct))} % | ` +
        `${fmt(r.reduce((a, x) => a + x.simDropped, 0))} |`,
    ),
  ].join('\n');
}

/** One line per measured step, printed as it finishes. */
export function stepLine(r: StepResult): string {
  return (
    `${fmt(r.robots)} robots: sent ${fmt(r.simSentPerS)}/s, ingested ${fmt(r.ingestedPerS)}/s (dropped ${r.droppedPerS}/s), ` +
    `delay p50 ${fmt(r.delay.p50)} ms p99 ${fmt(r.delay.p99)} ms max ${fmt(r.delay.max)} ms (${r.delay.samples} samples, ` +
    `${r.delay.lost} lost, ${r.delay.overtaken} overtaken; to tick p50/p99 ${r.delay.toTick.p50}/${r.delay.toTick.p99}, ` +
    `tick to browser ${r.delay.tickToBrowser.p50}/${r.delay.tickToBrowser.p99}) | server CPU ${r.serverCpuPct} % RSS ${r.serverRssMiB} MiB ` +
    `(peak ${r.serverPeakRssMiB}), ${r.serverCpuUsPerMsg} µs CPU/msg (main thread ${r.threadUsPerMsg.main}, telemetry thread ${r.threadUsPerMsg.telemetry}, helpers ${r.threadUsPerMsg.helpers}), event loop p99 ${r.serverEventLoopP99Ms} ms (thread's worst second ${r.threadLoopP99Ms}), API p50/p99 ${r.api.p50}/${r.api.p99} ms | ` +
    `sim CPU ${r.simCpuPct} %, dropped ${r.simDropped} | browsers CPU ${r.browsersCpuPct} % ` +
    `| machine ${r.machineBusyPct} % busy, CPU stall ${r.cpuStallPct} % | ${r.batchesPerS} batches/s, ${r.browserMiBPerS} MiB/s to browsers, ` +
    `snapshot ${r.snapshotMiB} MiB, skipped ${r.skippedSlow}, closed ${r.closedTooSlow} ${JSON.stringify(r.clientCloses)} ` +
    `| bench loop p99 ${r.benchEventLoopP99Ms} ms` +
    (r.lifts
      ? ` | ${r.lifts.count} lifts: ${r.lifts.publishedPerS} states/s, to /elevator p50 ${fmt(r.lifts.delay.p50)} ms ` +
        `p99 ${fmt(r.lifts.delay.p99)} ms max ${fmt(r.lifts.delay.max)} ms (${r.lifts.delay.samples} samples, ${r.lifts.delay.missed} missed)`
      : '') +
    (r.devices
      ? ` | ${r.devices.count} devices: ${r.devices.heartbeatsPerS} heartbeats/s, ${r.devices.pressesPerS} presses/s, ` +
        `press → assigned p50 ${fmt(r.devices.p50)} ms p99 ${fmt(r.devices.p99)} ms max ${fmt(r.devices.max)} ms ` +
        `(${r.devices.assigned} assigned, ${r.devices.waiting} waiting)`
      : '')
  );
}

export function ceilingLine(r: CeilingResult): string {
  return (
    `broker only, ${fmt(r.robots)} robots: sent ${fmt(r.simSentPerS)}/s, received ${fmt(r.receivedPerS)}/s, ` +
    `broker CPU ${r.brokerCpuPct} %, generator CPU ${r.simCpuPct} %, machine ${r.machineBusyPct} % busy, dropped ${r.simDropped}`
  );
}

/** The largest fleet whose median p99 met the goal with no browser cut off, below the first that missed it. */
export function largestHeld(
  byRobots: Map<number, StepResult[]>,
  goalMs: number,
): { held: number; missedAt: number | null } {
  let held = 0;
  for (const [n, runs] of [...byRobots].sort(([a], [b]) => a - b)) {
    const ok = med(runs, (x) => x.delay.p99) < goalMs && runs.every((x) => x.closedTooSlow === 0);
    if (!ok) return { held, missedAt: n };
    held = n;
  }
  return { held, missedAt: null };
}
