import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { compilePgliteWasm, createPgliteDataDir } from './pglite-start.js';
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
  /**
   * Follows a NOTIFY channel (every instance on this database hears every commit's notifications, its own
   * included). `onLink` says when the link is up or lost: while it is down, notifications may be missed.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<{ close(): Promise<void> }>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onLink(up: boolean): void;
}

/** How long a lost LISTEN connection waits before it tries again, doubling up to the last. */
const RELISTEN_MS = [100, 250, 500, 1000, 2000];

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
  const clients = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', () => {});
    clients.add(client);
  });
  pool.on('remove', (client) => clients.delete(client));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const u = new URL(url);
  return {
    db,
    kind: 'postgres',
    label: `postgres://${u.host}${u.pathname}`,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => endPool(pool, clients),
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
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  };
}

/** How long a stopping server waits for its queries to finish before it drops their connections. */
const END_WAIT_MS = 5000;

/**
 * Ends the pool: idle connections say goodbye at once, busy ones when their query ends. A query that never ends (a
 * connection whose peer went silent) must not keep the server from stopping: after END_WAIT_MS its socket is
 * destroyed, and what it was running is logged.
 */
async function endPool(pool: pg.Pool, clients: ReadonlySet<pg.PoolClient>): Promise<void> {
  const ended = pool.end();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), END_WAIT_MS);
  });
  if ((await Promise.race([ended, late])) !== 'late') {
    clearTimeout(timer);
    return;
  }
  for (const client of clients) {
    // activeQuery is pg's own field, not in its types: read only to say what held the pool.
    const running = (client as unknown as { activeQuery?: { text?: string } }).activeQuery?.text;
    process.emitWarning(
      `PostgreSQL pool: a connection still busy after ${END_WAIT_MS} ms is dropped (${running ?? 'no query'})`,
    );
    client.connection.stream.destroy();
  }
  // A connection checked out and never given back would still hold pool.end(): the sockets are gone, so stop here.
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), reconnected for as long as it is
 * followed. The first connection is awaited, so a caller knows it hears from then on.
 */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers) {
  let closed = false;
  /** The connection that is listening now; null while it is being (re)made. */
  let live: pg.Client | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    // keepAlive: a link cut without a reset is noticed by the socket, not only at the next notification.
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (live === c) live = null;
      // Not awaited: a connection that never opened, or whose socket is gone, may never say it ended.
      void c.end().catch(() => {});
      // Closed on purpose (the server stopping): nothing was lost, nothing to report.
      if (closed) return;
      handlers.onLink(false);
      const wait = RELISTEN_MS[Math.min(attempt++, RELISTEN_MS.length - 1)] ?? 2000;
      retry = setTimeout(() => void connect().catch(() => {}), wait);
      retry.unref();
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.onMessage(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      onLost();
      throw err;
    }
    if (closed) {
      // Closed while this connection was being made.
      lost = true;
      await c.end().catch(() => {});
      return;
    }
    live = c;
    attempt = 0;
    handlers.onLink(true);
  };
  await connect().catch(() => {
    // Down at start: the retries above carry on, and the link reports when it is up.
  });
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = live;
      live = null;
      // Only a connection that is listening is ended and waited for: it answers.
      await c?.end().catch(() => {});
    },
  };
}

/**
 * PGlite's Postgres runs inside this process, so its memory is the server's: a WebAssembly memory grows to what
 * Postgres has used and never shrinks. A server's defaults (128 MB of shared buffers, 64 MB for index builds)
 * held the demo at 450–590 MB resident; with these, the year of 50 robots is ~110 MB smaller and its dashboard
 * calls still within their bounds, more of its reads served from the operating system's file cache
 * (docs/performance.md, "Heap growth", PGlite).
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB', 'maintenance_work_mem=16MB'];

async function openPglite(dataDir: string | null): Promise<Database> {
  // Postgres's WebAssembly compiled function by function as it is first called, not all of it up front: most of it
  // never runs here, and the compiled code stayed resident (about 45–80 MB).
  v8.setFlagsFromString('--wasm-lazy-compilation');
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteDataDir(dir);
  }
  // pg_trgm: the trigram indexes of the device search (migration 0010), as on PostgreSQL.
  const client = await PGlite.create(dir, {
    pgliteWasmModule: await compilePgliteWasm(),
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
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
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.onMessage);
      handlers.onLink(true);
      return {
        close: async () => {
          if (!client.closed) await stop();
        },
      };
    },
  };
}
