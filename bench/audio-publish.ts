/**
 * Audio publication (issue 16): a 10-clip, 20 MB playlist published to 100 simulated robots. Reports the time from
 * the publish call until each online robot is ready (it fetched the manifest and every file over HTTP and checked
 * each SHA-256), as median, p95 and max; the server's resident memory before, at its peak during, and after (the
 * files are streamed from the store, never held whole); and the play-now answer time (the API call, and the robot's
 * acknowledgement as the server measured it) over BENCH_PLAYS calls.
 *
 *   npx tsx bench/audio-publish.ts
 *
 * Env: BENCH_ROBOTS (100), BENCH_CLIPS (10), BENCH_CLIP_MB (2), BENCH_PLAYS (200), BENCH_DATABASE_URL (PGlite
 * when unset). The server is a child process with the demo seeded and its own fleet off; the robots are the
 * simulator's, in this process, each with its own MQTT connection and HTTP downloads (at most 2 at a time per robot
 * and 16 in the process, as the simulator limits them). Writes bench/results/audio-publish.json.
 */

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api } from '@fleet/contract';
import { SimRobot } from '@fleet/sim';
import { bigSample } from '../server/test/audio/samples/index.js';
import { acmeTower, runBench, sleep, startDemoServer, until } from './support/bench-api.js';
import { median, percentile, positiveInt, round } from './support/stats.js';
import { throwawayPostgres } from './support/throwaway-postgres.js';

const root = path.resolve(import.meta.dirname, '..');
const ROBOTS = positiveInt('BENCH_ROBOTS', 100);
const CLIPS = positiveInt('BENCH_CLIPS', 10);
const CLIP_MB = positiveInt('BENCH_CLIP_MB', 2);
const PLAYS = positiveInt('BENCH_PLAYS', 200);
const MB = 1024 * 1024;

/** The server's resident set, MiB (Linux). */
async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return round(kb / 1024, 1);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-audio-'));
  const stops: Array<() => Promise<unknown>> = [];
  try {
    const pg = process.env.BENCH_DATABASE_URL
      ? await throwawayPostgres(process.env.BENCH_DATABASE_URL, dataDir)
      : null;
    if (pg) stops.push(pg.drop);
    const server = await startDemoServer({ root, dataDir, ...(pg?.url ? { databaseUrl: pg.url } : {}) });
    stops.push(server.stop);
    const { call, base } = server;
    const { token, tower, floorAt } = await acmeTower(call);
    const lobby = floorAt(0);

    process.stderr.write(`  uploading ${CLIPS} clips of ${CLIP_MB} MB\n`);
    const clipIds: string[] = [];
    for (let i = 0; i < CLIPS; i++) {
      // Each a different length, so each is a different file (robots keep files by checksum).
      const bytes = bigSample('mp3', CLIP_MB * MB + i * 4096);
      const url = new URL(`${base}${api.uploadAudioClip.path}`);
      url.searchParams.set('name', `Bench clip ${i + 1}`);
      url.searchParams.set('purpose', 'playlist');
      const res = await fetch(url, {
        method: 'POST',
        headers: { token, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(bytes),
      });
      const json = (await res.json()) as { data: { id: string }; info: string };
      if (res.status !== 200) throw new Error(`upload → ${res.status} ${json.info}`);
      clipIds.push(json.data.id);
    }

    process.stderr.write(`  starting ${ROBOTS} simulated robots\n`);
    const robotIds: string[] = [];
    const sims: SimRobot[] = [];
    for (let i = 0; i < ROBOTS; i++) {
      const serial = `AP-${String(i + 1).padStart(3, '0')}`;
      const made = await call(api.registerRobot, token, {
        body: {
          name: `Bench speaker ${i + 1}`,
          manufacturer: 'bench',
          serialNumber: serial,
          model: 'Courier',
          buildingId: tower.id,
        },
      });
      const sim = new SimRobot({
        url: server.mqttUrl,
        manufacturer: 'bench',
        serialNumber: serial,
        password: made.credentials.password,
        pose: { x: 5 + (i % 20) * 2, y: 5 + Math.floor(i / 20) * 2, theta: 0, mapId: lobby },
        params: { errorProbabilityPerSecond: 0 },
        stateIntervalMs: 1000,
      });
      await sim.start();
      stops.push(() => sim.stop());
      sims.push(sim);
      robotIds.push(made.robot.id);
    }
    // The demo's own groups reach the tower's robots too: let them arrive before the measured publication.
    let shown = 0;
    await until(
      'the demo groups on every robot',
      async () => {
        const holding = sims.filter((s) => (s.audio?.groups.size ?? 0) >= 2).length;
        if (Date.now() - shown > 10_000) {
          shown = Date.now();
          process.stderr.write(`  demo groups on ${holding} of ${ROBOTS} robots\n`);
        }
        return holding === ROBOTS || undefined;
      },
      300_000,
    );
    await sleep(2000);

    const group = await call(api.createAudioGroup, token, {
      body: { name: 'Bench playlist', kind: 'playlist' },
    });
    await call(api.editAudioGroup, token, {
      body: {
        id: group.id,
        content: {
          kind: 'playlist',
          items: clipIds.map((clipId) => ({ clipId })),
          schedule: {
            validFrom: null,
            validTo: null,
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            windows: [],
            intervalS: 60,
            volume: 50,
          },
        },
        targets: { buildingIds: [], robotIds },
      },
    });

    const rssBefore = await rssMiB(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      void rssMiB(server.pid).then((v) => {
        rssPeak = Math.max(rssPeak, v);
      });
    }, 100);
    const publishedAt = Date.now();
    await call(api.publishAudioGroup, token, { params: { id: group.id }, body: {} });
    const readyAt = new Map<string, number>();
    await until(
      'every robot ready',
      async () => {
        for (const [i, sim] of sims.entries()) {
          const id = robotIds[i];
          if (id && !readyAt.has(id) && sim.audio?.groups.get(group.id)?.version === 1)
            readyAt.set(id, Date.now());
        }
        return readyAt.size === ROBOTS || undefined;
      },
      600_000,
    );
    // The console's own view agrees: every row ready.
    const allReady = await until(
      'the console to show every robot ready',
      async () => {
        const now = await call(api.audioGroupRobots, token, {
          body: { pageIndex: 1, pageLength: 1, requestData: { groupId: group.id, state: 'ready' } },
        });
        return now.totalCnt === ROBOTS ? Date.now() : undefined;
      },
      60_000,
    );
    clearInterval(sampler);
    const rssAfter = await rssMiB(server.pid);
    const times = [...readyAt.values()].map((t) => t - publishedAt);

    // The demo tower is quiet at night on its own clock: play-now would be refused then, so the bench lifts it.
    await call(api.editAudioBuildingRules, token, {
      body: { buildingId: tower.id, quietHours: [], volumeCap: 100 },
    });
    process.stderr.write(`  ${PLAYS} play-now calls\n`);
    const apiMs: number[] = [];
    const ackMs: number[] = [];
    let acknowledged = 0;
    for (let i = 0; i < PLAYS; i++) {
      const robotId = robotIds[i % robotIds.length] ?? '';
      const started = performance.now();
      const answer = await call(api.playAudioNow, token, {
        body: { robotId, clipId: clipIds[i % clipIds.length] ?? '', volume: 40 },
      });
      apiMs.push(performance.now() - started);
      if (answer.outcome === 'acknowledged') acknowledged++;
      if (answer.answeredInMs !== null) ackMs.push(answer.answeredInMs);
    }

    const result = {
      at: new Date().toISOString(),
      database: pg ? 'postgres' : 'pglite',
      settings: {
        robots: ROBOTS,
        clips: CLIPS,
        clipMb: CLIP_MB,
        groupMb: round((CLIPS * CLIP_MB * MB) / MB, 1),
        plays: PLAYS,
      },
      publishToReadyS: {
        median: round(median(times) / 1000, 1),
        p95: round(percentile(times, 95) / 1000, 1),
        max: round(Math.max(...times) / 1000, 1),
        consoleShowsAllReadyS: round((allReady - publishedAt) / 1000, 1),
      },
      serverRssMiB: {
        before: rssBefore,
        peak: rssPeak,
        after: rssAfter,
        transferredMiB: round(ROBOTS * CLIPS * CLIP_MB, 0),
      },
      playNow: {
        acknowledged,
        of: PLAYS,
        apiP50Ms: round(median(apiMs)),
        apiP99Ms: round(percentile(apiMs, 99)),
        ackP50Ms: round(median(ackMs)),
        ackP99Ms: round(percentile(ackMs, 99)),
      },
      load: os.loadavg().map((l) => round(l, 2)),
    };
    await mkdir(path.join(root, 'bench/results'), { recursive: true });
    await writeFile(
      path.join(root, 'bench/results/audio-publish.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
