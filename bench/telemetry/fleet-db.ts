import { and, eq, gt, like } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config.js';
import { companies, robots } from '../../server/src/db/schema/index.js';
import { seedDemo } from '../../server/src/demo/seed-demo.js';
import { hashRobotSecret } from '../../server/src/fleet/robot-credentials.js';
import { openDatabases } from '../../server/src/start.js';
import type { BenchDatabase } from '../support/throwaway-postgres.js';

export { type BenchDatabase, throwawayPostgres } from '../support/throwaway-postgres.js';

export const BENCH_COMPANY = 'Acme Robotics';
export const BENCH_ACCOUNT = 'owner@acme.test';
export const MANUFACTURER = 'fleetbench';
export const benchSerial = (i: number) => `BENCH-${String(i + 1).padStart(6, '0')}`;
export const probeSerial = (i: number) => `PROBE-${String(i + 1).padStart(2, '0')}`;
/** Probes get ids the browsers can spot in a batch's motion tuples: this prefix, then the probe's number. */
export const PROBE_ID_PREFIX = 'ffffffff-ffff-4fff-bfff-0000000000';
export const probeId = (i: number) => `${PROBE_ID_PREFIX}${String(i + 1).padStart(2, '0')}`;

/** The bench database with the server's own schema code, as the server opens it. */
export function openBenchDb(db: BenchDatabase) {
  return openDatabases(
    loadConfig({
      DATA_DIR: db.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...(db.url ? { DATABASE_URL: db.url } : {}),
    }),
  );
}

/** Migrates and seeds the demo (its users sign in to /live); returns the benchmark company's id. */
export async function seedBench(db: BenchDatabase): Promise<string> {
  const dbs = await openBenchDb(db);
  try {
    await seedDemo(dbs.directory.db, dbs.regional.db, 'US', null, { history: false });
    const [c] = await dbs.directory.db.select().from(companies).where(eq(companies.name, BENCH_COMPANY));
    if (!c) throw new Error(`the demo has no company ${BENCH_COMPANY}`);
    return c.id;
  } finally {
    await dbs.close();
  }
}

/**
 * Registers exactly `count` simulated robots (BENCH-000001…) and the probes, with the server's own schema:
 * registering 10,000 robots one API call at a time would measure the registration, not the fleet. Called
 * while the server is stopped, so it loads exactly this fleet at start. Simulated robots get no password
 * (they come in over the bench login); probes get one, as they connect as themselves.
 */
export async function registerFleet(
  db: BenchDatabase,
  companyId: string,
  count: number,
  probes: number,
  probePassword: string,
): Promise<void> {
  const dbs = await openBenchDb(db);
  const reg = dbs.regional.db;
  try {
    const wanted = Array.from({ length: count }, (_, i) => benchSerial(i));
    const existing = new Set(
      (
        await reg
          .select({ serial: robots.serialNumber })
          .from(robots)
          .where(and(eq(robots.manufacturer, MANUFACTURER), like(robots.serialNumber, 'BENCH-%')))
      ).map((r) => r.serial),
    );
    await reg.delete(robots).where(
      and(
        eq(robots.manufacturer, MANUFACTURER),
        like(robots.serialNumber, 'BENCH-%'),
        // Zero-padded serials sort as numbers: everything after the last wanted one goes.
        gt(robots.serialNumber, wanted.at(-1) ?? 'BENCH-'),
      ),
    );
    const missing = wanted.filter((s) => !existing.has(s));
    const row = (serialNumber: string, secretHash: string | null) => ({
      companyId,
      name: serialNumber,
      manufacturer: MANUFACTURER,
      serialNumber,
      model: 'fleet-sim',
      mqttSecretHash: secretHash,
      expectedIntervalSeconds: 5,
    });
    for (let i = 0; i < missing.length; i += 1000) {
      await reg.insert(robots).values(missing.slice(i, i + 1000).map((s) => row(s, null)));
    }
    await reg
      .delete(robots)
      .where(and(eq(robots.manufacturer, MANUFACTURER), like(robots.serialNumber, 'PROBE-%')));
    const hash = hashRobotSecret(probePassword);
    await reg
      .insert(robots)
      .values(Array.from({ length: probes }, (_, i) => ({ ...row(probeSerial(i), hash), id: probeId(i) })));
  } finally {
    await dbs.close();
  }
}
