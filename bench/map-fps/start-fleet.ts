import { type SimRun, startSim } from '../telemetry/sim-process.js';

/** Robots brought online at once: the server looks up each new robot's queued work when it comes online. */
const STAGE = 500;
/** Quiet time after each stage, so those look-ups are done before the next ones arrive. */
const PAUSE_MS = 4000;

export interface FleetRun {
  stop(): Promise<void>;
}

/**
 * `robots` simulated robots on one floor, brought online 500 at a time by one simulator each: thousands coming
 * online in the same second make the server queue more database look-ups than its pool serves within its
 * connection timeout, and the server exits (5,000 at once did; 1,000 did on a busy machine), which is not what
 * this benchmark measures.
 */
export async function startFleet(opts: {
  root: string;
  workDir: string;
  brokerUrl: string;
  robots: number;
  benchPassword: string;
  mapId: string;
}): Promise<FleetRun> {
  const sims: SimRun[] = [];
  const stop = async () => {
    await Promise.all(sims.map((s) => s.stop()));
  };
  try {
    for (let first = 0; first < opts.robots; first += STAGE) {
      if (first > 0) await new Promise((r) => setTimeout(r, PAUSE_MS));
      sims.push(
        await startSim({
          root: opts.root,
          workDir: opts.workDir,
          brokerUrl: opts.brokerUrl,
          robots: Math.min(STAGE, opts.robots - first),
          firstRobot: first,
          benchPassword: opts.benchPassword,
          sharedConnections: 1,
          mapId: opts.mapId,
          startTimeoutMs: 120_000,
        }),
      );
    }
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  return { stop };
}
