#!/usr/bin/env -S npx tsx
import { readFile } from 'node:fs/promises';
import { mapsFromOptions, parseCliArgs, parseCredentials, usage } from './cli-args.js';
import { devicesMain } from './devices/cli/main.js';
import { Fleet } from './fleet.js';
import { StatsReport } from './stats-report.js';

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

async function main(): Promise<void> {
  const o = parseCliArgs(process.argv.slice(2));
  if (o.help) {
    console.log(usage);
    return;
  }
  const maps = mapsFromOptions(o, o.maps ? await readJson(o.maps) : undefined);
  const credentials = o.credentials ? parseCredentials(await readJson(o.credentials)) : undefined;
  const fleet = new Fleet({
    url: o.url,
    robots: o.robots,
    manufacturer: o.manufacturer,
    serialPrefix: o.serialPrefix,
    password: o.password,
    credentials,
    maps,
    stateIntervalMs: o.stateMs,
    visualizationIntervalMs: o.visualizationMs,
    tickMs: o.tickMs,
    // A slice every 10 ms, whatever the step: messages leave spread over time.
    slices: Math.max(1, Math.round(o.tickMs / 10)),
    wander: o.wander,
    seed: o.seed,
    params: { speed: o.speed, errorProbabilityPerSecond: o.errorRate },
    protocolVersion: o.mqttVersion,
    sharedConnections: o.sharedConnection,
    sharedUsername: o.sharedUsername,
  });

  let stopping = false;
  let report: StatsReport | undefined;
  let ticker: NodeJS.Timeout | undefined;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`fleet-sim: stopping (${why})…`);
    clearInterval(ticker);
    const summary = report?.summary();
    await fleet.stop({ clearRetained: o.clearRetained });
    if (summary) console.log(`fleet-sim: ${summary}`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const started = Date.now();
  console.log(
    `fleet-sim: connecting ${credentials?.length ?? o.robots} robots to ${o.url}` +
      (o.sharedConnection ? ` over ${o.sharedConnection} shared connections (no last wills)` : ''),
  );
  await fleet.start();
  console.log(`fleet-sim: ${fleet.robots.length} robots online after ${Date.now() - started} ms`);
  // Counted from here: the start-up announcements are not the steady load.
  const stats = new StatsReport(fleet.stats);
  report = stats;
  if (o.statsS > 0) ticker = setInterval(() => console.log(`fleet-sim: ${stats.line()}`), o.statsS * 1000);
  if (o.duration) setTimeout(() => void stop(`--duration ${o.duration}`), o.duration * 1000);
}

const argv = process.argv.slice(2);
// `devices`: mini devices from a credentials file (devices/cli/); anything else runs robots.
const run = argv[0] === 'devices' ? () => devicesMain(argv.slice(1)) : main;
run().catch((err: unknown) => {
  console.error(`fleet-sim: ${err instanceof Error ? err.message : String(err)}`);
  console.error('Run with --help for the options.');
  process.exit(1);
});
