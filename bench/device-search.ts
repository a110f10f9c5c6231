/**
 * Mini-device search at scale (issue 15): /device's paged search (`POST /opt/v1/mini/device/search`) over
 * BENCH_DEVICES (100,000) devices of one company on PostgreSQL, through the real server as a browser calls it.
 * Each kind of search a user makes (the first page, a far page, a name or label typed, a building, a type, offline,
 * low battery, unbound, and combinations) is asked BENCH_REPEATS (40) times in turn; answer times are reported per
 * kind and over all, p50 and p95.
 *
 *   npx tsx bench/device-search.ts
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres; a throwaway `fc_bench_*` database is made
 * beside it and dropped), BENCH_DEVICES (100000), BENCH_REPEATS (40). Writes bench/results/device-search.json.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, DEVICE_TYPES, type DeviceSearch } from '@fleet/contract';
import { eq, sql } from 'drizzle-orm';
import { buildings, companies, floors, miniDevices } from '../server/src/db/schema/index.js';
import { must, runBench, startDemoServer } from './support/bench-api.js';
import { median, percentile, positiveInt, round } from './support/stats.js';
import { type BenchDatabase, openBenchDb, seedBench, throwawayPostgres } from './telemetry/fleet-db.js';

const root = path.resolve(import.meta.dirname, '..');
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEVICES = positiveInt('BENCH_DEVICES', 100_000);
const REPEATS = positiveInt('BENCH_REPEATS', 40);
const LABELS = ['Table', 'Room', 'Dock', 'Desk', 'Bay', 'Ward', 'Gate', 'Suite'];

/** 100,000 devices of Acme spread over its buildings and floors, a tenth unbound, with live facts. */
async function fill(db: BenchDatabase): Promise<void> {
  const dbs = await openBenchDb(db);
  const reg = dbs.regional.db;
  try {
    const [acme] = await dbs.directory.db.select().from(companies).where(eq(companies.name, 'Acme Robotics'));
    const companyId = must(acme, 'Acme Robotics').id;
    const places = await reg
      .select({ buildingId: floors.buildingId, floorId: floors.id })
      .from(floors)
      .innerJoin(buildings, eq(buildings.id, floors.buildingId))
      .where(eq(buildings.companyId, companyId));
    if (!places.length) throw new Error('the demo has no floors for Acme');
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < DEVICES; i += 2000) {
      await reg.insert(miniDevices).values(
        Array.from({ length: Math.min(2000, DEVICES - i) }, (_, k) => {
          const n = i + k;
          const place = rnd() < 0.1 ? null : places[Math.floor(rnd() * places.length)];
          return {
            companyId,
            name: `MINI-BENCH-${String(n + 1).padStart(6, '0')}`,
            label: `${LABELS[n % LABELS.length]} ${Math.floor(n / LABELS.length) + 1}`,
            type: DEVICE_TYPES[n % DEVICE_TYPES.length] ?? 'callButton',
            model: 'CB-200',
            buildingId: place?.buildingId ?? null,
            floorId: place?.floorId ?? null,
            pointX: place ? rnd() * 50 : null,
            pointY: place ? rnd() * 30 : null,
            online: rnd() < 0.8,
            battery: Math.floor(rnd() * 100),
            rssi: -40 - Math.floor(rnd() * 50),
            lastSeenAt: new Date(Date.now() - rnd() * 86_400_000),
          };
        }),
      );
    }
    await reg.execute(sql`analyze mini_devices`);
  } finally {
    await dbs.close();
  }
}

async function main(): Promise<void> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'fc-bench-search-'));
  const db = await throwawayPostgres(PG_BASE, workDir);
  let server: Awaited<ReturnType<typeof startDemoServer>> | undefined;
  try {
    await seedBench(db);
    const t0 = performance.now();
    await fill(db);
    process.stderr.write(
      `  ${DEVICES.toLocaleString('en-US')} devices written in ${round((performance.now() - t0) / 1000, 1)} s\n`,
    );
    // The demo is seeded already (seedBench): the server finds it and seeds nothing more.
    server = await startDemoServer({ root, dataDir: workDir, databaseUrl: db.url });
    const { call } = server;
    const token = (
      await call(api.login, null, { body: { account: 'owner@acme.test', password: 'demo1234' } })
    ).token;
    const tower = must(
      (await call(api.searchBuildings, token, { body: { pageIndex: 1, pageLength: 20 } })).list.find(
        (b) => b.name === 'Acme Tower',
      ),
      'Acme Tower',
    );
    const kinds: Array<{ kind: string; page: number; filter: DeviceSearch }> = [
      { kind: 'first page', page: 1, filter: {} },
      { kind: 'page 200', page: 200, filter: {} },
      { kind: 'name typed (MINI-BENCH-0424)', page: 1, filter: { name: 'MINI-BENCH-0424' } },
      { kind: 'label typed (Room 12)', page: 1, filter: { name: 'Room 12' } },
      { kind: 'a few letters (oc)', page: 1, filter: { name: 'oc' } },
      { kind: 'building', page: 1, filter: { buildingId: tower.id } },
      { kind: 'type', page: 1, filter: { type: 'staffPager' } },
      { kind: 'offline', page: 1, filter: { online: false } },
      { kind: 'battery < 20 %', page: 1, filter: { lowBattery: true } },
      { kind: 'unbound', page: 1, filter: { unbound: true } },
      {
        kind: 'building + offline + low battery',
        page: 1,
        filter: { buildingId: tower.id, online: false, lowBattery: true },
      },
      { kind: 'building + label typed', page: 1, filter: { buildingId: tower.id, name: 'Desk 3' } },
    ];
    const times = new Map<string, number[]>(kinds.map((k) => [k.kind, []]));
    const totals = new Map<string, number>();
    // Warm-up: one of each (the server's first queries plan and cache).
    for (const k of kinds)
      await call(api.searchMiniDevices, token, {
        body: { pageIndex: k.page, pageLength: 20, requestData: k.filter },
      });
    for (let r = 0; r < REPEATS; r++)
      for (const k of kinds) {
        const t = performance.now();
        const page = await call(api.searchMiniDevices, token, {
          body: { pageIndex: k.page, pageLength: 20, requestData: k.filter },
        });
        times.get(k.kind)?.push(performance.now() - t);
        totals.set(k.kind, page.totalCnt);
      }
    const all = [...times.values()].flat();
    const result = {
      at: new Date().toISOString(),
      database: db.label,
      devices: DEVICES,
      repeats: REPEATS,
      all: { n: all.length, p50: round(median(all), 1), p95: round(percentile(all, 95), 1) },
      byKind: kinds.map((k) => {
        const v = times.get(k.kind) ?? [];
        return {
          kind: k.kind,
          found: totals.get(k.kind) ?? 0,
          p50: round(median(v), 1),
          p95: round(percentile(v, 95), 1),
        };
      }),
      load: os.loadavg().map((l) => round(l, 2)),
    };
    await mkdir(path.join(root, 'bench/results'), { recursive: true });
    await writeFile(
      path.join(root, 'bench/results/device-search.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    process.stdout.write(
      [
        `| search | found | p50 ms | p95 ms |`,
        `|---|---:|---:|---:|`,
        ...result.byKind.map(
          (k) => `| ${k.kind} | ${k.found.toLocaleString('en-US')} | ${k.p50} | ${k.p95} |`,
        ),
        `| **all** | | **${result.all.p50}** | **${result.all.p95}** |`,
        `${result.database}; load average ${result.load.join(', ')}`,
      ].join('\n'),
    );
    process.stdout.write('\n');
  } finally {
    await server?.stop();
    await db.drop().catch(() => {});
    await rm(workDir, { recursive: true, force: true });
  }
}

runBench(main);
