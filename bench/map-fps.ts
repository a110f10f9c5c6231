/**
 * Frames per second of /map with 1,000 moving robots in Chromium (issue: live fleet, "Figures"), or of /robots
 * while its table scrolls (BENCH_PAGE=robots, 10,000 robots by default; issue 20).
 *
 *   npx tsx bench/map-fps.ts            # BENCH_ROBOTS=1000 BENCH_RUNS=3 BENCH_SECONDS=15 BENCH_PAGE=map
 *   BENCH_PAGE=robots npx tsx bench/map-fps.ts
 *
 * The real server (PostgreSQL throwaway database, embedded broker, bench login), simulators as child processes
 * driving BENCH_ROBOTS robots on one floor of the demo's Acme Tower at 1 state/s + 2 visualization/s, and
 * Debian's Chromium showing that floor or the table. BENCH_PROFILE=file.cpuprofile writes a profile of the
 * page's main thread during the first run, BENCH_TRACE=file.json a Chromium trace of every process (/robots only),
 * BENCH_SCREENSHOT=file.png the map as the first run ends (/map only). Needs
 * the console built (`npm run build`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../server/src/config.js';
import { buildings, floors, robots } from '../server/src/db/schema/index.js';
import { openDatabases } from '../server/src/start.js';
import { measureMap } from './map-fps/measure-map.js';
import { measureRobots } from './map-fps/measure-robots.js';
import { startFleet } from './map-fps/start-fleet.js';
import { median, positiveInt, round } from './support/stats.js';
import { MANUFACTURER, registerFleet, seedBench, throwawayPostgres } from './telemetry/fleet-db.js';
import { killAll } from './telemetry/processes.js';
import { startServer } from './telemetry/server-process.js';

const root = path.resolve(import.meta.dirname, '..');
const PAGE = process.env.BENCH_PAGE === 'robots' ? 'robots' : 'map';
const ROBOTS = positiveInt('BENCH_ROBOTS', PAGE === 'robots' ? 10_000 : 1000);
const RUNS = positiveInt('BENCH_RUNS', 3);
const SECONDS = positiveInt('BENCH_SECONDS', 15);
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const load = os.loadavg();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-map-'));
  const db = await throwawayPostgres(PG_BASE, workDir);
  const benchPassword = randomBytes(18).toString('base64url');
  try {
    const companyId = await seedBench(db);
    // One probe is the least registerFleet takes; it never connects here.
    await registerFleet(db, companyId, ROBOTS, 1, benchPassword);
    // The map subscribes to one building's floor: the simulated robots are placed in Acme Tower's lobby.
    const dbs = await openDatabases(
      loadConfig({ DATA_DIR: workDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATABASE_URL: db.url ?? '' }),
    );
    let place: { buildingId: string; floorId: string };
    try {
      const [row] = await dbs.regional.db
        .select({ buildingId: buildings.id, floorId: floors.id })
        .from(floors)
        .innerJoin(buildings, eq(buildings.id, floors.buildingId))
        .where(
          and(eq(buildings.companyId, companyId), eq(buildings.name, 'Acme Tower'), eq(floors.level, 0)),
        );
      if (!row) throw new Error('the demo has no Acme Tower lobby');
      place = row;
      await dbs.regional.db
        .update(robots)
        .set({ buildingId: row.buildingId })
        .where(eq(robots.manufacturer, MANUFACTURER));
    } finally {
      await dbs.close();
    }

    const server = await startServer({ root, db, benchPassword, readyTimeoutMs: 180_000 });
    const sim = await startFleet({
      root,
      workDir,
      brokerUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
      robots: ROBOTS,
      benchPassword,
      mapId: place.floorId,
    });
    const results = [];
    try {
      const token = await server.login('owner@acme.test');
      if (PAGE === 'robots') {
        await benchRobots(server.apiUrl, token, load);
        return;
      }
      for (let run = 1; run <= RUNS; run++) {
        const r = await measureMap({
          origin: server.apiUrl,
          url: `${server.apiUrl}/map/en?building=${place.buildingId}&floor=${place.floorId}`,
          token,
          expectRobots: Math.floor(ROBOTS * 0.95),
          seconds: SECONDS,
          profile: run === 1 ? process.env.BENCH_PROFILE : undefined,
          screenshot: run === 1 ? process.env.BENCH_SCREENSHOT : undefined,
        });
        results.push(r);
        process.stdout.write(
          `run ${run}: ${r.robotsOnFloor} robots on the floor, ${round(r.fps, 1)} frames/s, ` +
            `${round(r.drawsPerSecond, 1)} redraws/s, draw ${round(r.drawMsMedian, 1)} ms median / ` +
            `${round(r.drawMsP95, 1)} ms p95, ${round(r.pixelsPerMetre, 1)} px/m, ${r.robotsDrawn} robots drawn, fitted to ${r.fittedTo}\n`,
        );
      }
    } finally {
      await sim.stop();
      await server.stop();
    }
    process.stdout.write(
      `\n/map with ${ROBOTS} robots, median of ${RUNS} runs of ${SECONDS} s ` +
        `(load average before ${load.map((l) => l.toFixed(1)).join(' ')}):\n` +
        `| frames/s | redraws/s | draw ms (median) | draw ms (p95) |\n|---:|---:|---:|---:|\n` +
        `| ${round(median(results.map((r) => r.fps)), 1)} | ${round(median(results.map((r) => r.drawsPerSecond)), 1)} ` +
        `| ${round(median(results.map((r) => r.drawMsMedian)), 1)} | ${round(median(results.map((r) => r.drawMsP95)), 1)} |\n`,
    );
  } finally {
    killAll();
    await db.drop().catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** /robots scrolled through its table, BENCH_RUNS times, with the fleet moving. */
async function benchRobots(origin: string, token: string, load: number[]): Promise<void> {
  const results = [];
  for (let run = 1; run <= RUNS; run++) {
    const r = await measureRobots({
      origin,
      url: `${origin}/robots`,
      token,
      expectRobots: ROBOTS,
      seconds: SECONDS,
      pxPerFrame: 40,
      profile: run === 1 ? process.env.BENCH_PROFILE : undefined,
      trace: run === 1 ? process.env.BENCH_TRACE : undefined,
    });
    results.push(r);
    process.stdout.write(
      `run ${run}: ${r.robots} robots, ${round(r.fps, 1)} frames/s while scrolling, frame gap ` +
        `${round(r.frameMsP95, 1)} ms p95 / ${round(r.longestFrameMs, 1)} ms longest, ${r.rowsInView} rows drawn\n`,
    );
  }
  process.stdout.write(
    `\n/robots with ${ROBOTS} robots, table scrolled 40 px a frame, median of ${RUNS} runs of ${SECONDS} s ` +
      `(load average before ${load.map((l) => l.toFixed(1)).join(' ')}):\n` +
      `| frames/s | frame gap ms (p95) | longest gap ms |\n|---:|---:|---:|\n` +
      `| ${round(median(results.map((r) => r.fps)), 1)} | ${round(median(results.map((r) => r.frameMsP95)), 1)} ` +
      `| ${round(median(results.map((r) => r.longestFrameMs)), 1)} |\n`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    killAll();
    process.exit(1);
  },
);
