import { writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { benchSerial, MANUFACTURER } from './fleet-db.js';
import { type Child, startNode } from './processes.js';

/** The simulated robots' map, in metres: they drive all over it (and the bench devices stand on it). */
export const SIM_MAP_M = { width: 60, height: 40 };

export interface SimRun {
  child: Child;
  /** The simulator's cumulative "sent" and "dropped" at its latest stats line. */
  latest(): { at: number; sent: number; dropped: number };
  /** Stops it cleanly (OFFLINE, retained messages cleared) and returns its closing summary line. */
  stop(): Promise<string>;
}

/**
 * The fleet simulator as a child process (`sim/src/cli.ts`), so the load generator's CPU is its own and not
 * the server's or the browsers': `robots` robots (BENCH-000001…), all over a few shared connections with the
 * bench login, 1 state/s + 2 visualization/s each.
 */
export async function startSim(opts: {
  root: string;
  workDir: string;
  brokerUrl: string;
  robots: number;
  /** The first robot's number (0 by default): several simulators can share a fleet, each its own robots. */
  firstRobot?: number;
  benchPassword: string;
  sharedConnections: number;
  mapId: string;
  startTimeoutMs: number;
  /** Scheduling priority of the simulator (nice, 0–19); unset or 0 leaves it at the benchmark's own. */
  nice?: number;
}): Promise<SimRun> {
  const first = opts.firstRobot ?? 0;
  const credentials = path.join(opts.workDir, `robots-${first}-${opts.robots}.json`);
  await writeFile(
    credentials,
    JSON.stringify(
      Array.from({ length: opts.robots }, (_, i) => ({
        manufacturer: MANUFACTURER,
        serialNumber: benchSerial(first + i),
        password: '',
      })),
    ),
  );
  const child = startNode(
    'sim',
    'sim/src/cli.ts',
    [
      '--url',
      opts.brokerUrl,
      '--credentials',
      credentials,
      '--shared-connection',
      String(opts.sharedConnections),
      '--shared-username',
      'bench',
      // One argument: a base64url password may start with '-', which would read as an option.
      `--password=${opts.benchPassword}`,
      '--map-id',
      opts.mapId,
      '--map-width',
      String(SIM_MAP_M.width),
      '--map-height',
      String(SIM_MAP_M.height),
      '--state-ms',
      '1000',
      '--visualization-ms',
      '500',
      // Robots move every 250 ms instead of 100: the generator's CPU is the server's competitor here.
      '--tick-ms',
      '250',
      '--clear-retained',
      '--stats-s',
      '1',
    ],
    {
      cwd: opts.root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      echo: /dropped [1-9]|error|Error/,
    },
  );
  // Below the server and the browsers: real robots do not take the server's CPU, and when the 2 cores are
  // short the generator should be the one to wait. Its rate is measured (and reported) all the same.
  if (opts.nice) setPriority(child.pid, opts.nice);
  let latest = { at: performance.now(), sent: 0, dropped: 0 };
  let dropped = 0;
  child.onLine((line) => {
    const m = line.match(/\| sent (\d+) .*\| dropped (\d+)/);
    if (!m) return;
    dropped += Number(m[2]);
    latest = { at: performance.now(), sent: Number(m[1]), dropped };
  });
  await child.waitForLine(/robots online after/, opts.startTimeoutMs);
  return {
    child,
    latest: () => latest,
    stop: async () => {
      const summary = child.waitForLine(/fleet-sim: sent \d+/, 120_000).then(
        (m) => m.input ?? '',
        () => '',
      );
      const code = await child.stop(120_000);
      if (code !== 0) throw new Error(`the simulator exited with ${code}:\n${child.tail()}`);
      return summary;
    },
  };
}
