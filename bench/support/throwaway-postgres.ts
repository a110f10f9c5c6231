import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Where the server under test keeps its data: a throwaway PostgreSQL database, or PGlite in a folder. */
export interface BenchDatabase {
  /** DATABASE_URL for the server (undefined: PGlite in DATA_DIR). */
  url: string | undefined;
  dataDir: string;
  label: string;
  drop(): Promise<void>;
}

/** A database `fc_bench_<random>` beside the one `base` names; `drop` removes it (with force). */
export async function throwawayPostgres(base: string, dataDir: string): Promise<BenchDatabase> {
  const name = `fc_bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5000 });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]
    ?.server_version;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    label: `PostgreSQL ${version ?? '?'} (127.0.0.1, throwaway database ${name})`,
    drop: async () => {
      const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5000 });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
