import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Either driver: PGlite in-process or PostgreSQL over the network. Transactions are Db too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where it lives, for logs (never the password). */
  label: string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs `fn` on one connection holding a database-wide lock (one migrator among many instances). */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
}

const MIGRATION_LOCK = 7_305_050;

/** PostgreSQL when a URL is given, else PGlite on disk in `dataDir` (or in memory when `dataDir` is null). */
export async function openDatabase(url: string | undefined, dataDir: string | null): Promise<Database> {
  if (url) return openPostgres(url);
  return openPglite(dataDir);
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast when the database is away so requests answer 503 instead of hanging.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a client checked out for a transaction: pg emits 'error' on it as well as rejecting its query, and the
  // pool listens only while a client is idle. The query's rejection is the failure the caller sees (503).
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const u = new URL(url);
  return {
    db,
    kind: 'postgres',
    label: `postgres://${u.host}${u.pathname}`,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    exclusive: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        return await fn(drizzlePg({ client, schema }) as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
  };
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // pg_trgm: the trigram indexes of the device search (migration 0010), as on PostgreSQL.
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    label: dir ? `pglite:${dir}` : 'pglite:memory',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // PGlite is one connection inside this process: nothing else can run beside it.
    exclusive: (fn) => fn(db),
  };
}
