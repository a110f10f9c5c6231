import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Api, buildPath, type RouteDef, type RouteId } from '@fleet/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../src/demo/seed-demo.js';
import { createStore } from '../src/storage/create-store.js';

/** The database every API test runs on: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export const DB_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh, empty, migrated database. On PostgreSQL each one is a new database that `drop` removes,
 * so test files running in parallel never see each other's rows.
 */
/** A new empty database with the migrations of `migrations` (the real ones by default) applied. */
export async function freshDatabase(migrations?: string): Promise<{
  db: Database;
  url: string | undefined;
  drop(): Promise<void>;
}> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const db = await openDatabase(undefined, null);
    await runMigrations(db, migrations);
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `fc_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase(url.toString(), null);
  await runMigrations(db, migrations);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  directory: Database;
  regional: Database;
  /** The regional database's URL on PostgreSQL (another instance may open it), else undefined. */
  databaseUrl: string | undefined;
  dataDir: string;
  close(): Promise<void>;
}

/** Builds the app on fresh databases with the demo seeded. Answers are checked against the contract. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  shared?: { directory?: Database },
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fc-test-'));
  const fresh = await freshDatabase();
  const regional = fresh.db;
  const directory = shared?.directory ?? regional;
  const base = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
  });
  const config: Config = {
    // Port 0: the machine's own Mosquitto holds 1883, and test files run side by side.
    ...base,
    validateResponses: true,
    // A test file makes thousands of calls a minute with a few tokens from one address; the budgets have their
    // own test (http/request-limits.test.ts).
    limits: { ...base.limits, perToken: 1_000_000, perAddress: 1_000_000 },
    // The walk's robot never answers play-now: it waits a fifth of the second a real robot gets (deploy.test.ts
    // keeps the second for robots that do answer).
    audioPlayWaitMs: 200,
    analysisRollupMs: 0,
    // A test writes facts and runs the roll-up at once: nothing is in flight.
    analysisSettleMs: 0,
    // Receivers in tests listen on 127.0.0.1 (the guard has its own test), and retries come within a second.
    webhooks: { allowPrivate: true, retryBaseMs: 100 },
    ...overrides,
  };
  if (!shared?.directory)
    await seedDemo(directory.db, regional.db, config.region, createStore(config.storage), { history: false });
  const app = await buildApp({ config, directory, regional, logger: false });
  await app.ready();
  return {
    app,
    config,
    directory,
    regional,
    databaseUrl: fresh.url,
    dataDir,
    close: async () => {
      await app.close();
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string | null;
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer<T> {
  status: number;
  body: { success: boolean; info: string; data: T; code?: string };
  headers: LightMyRequestResponse['headers'];
}

/** Calls a contract route the way the console does. */
export async function call<K extends RouteId>(
  app: FastifyInstance,
  id: K,
  opts: CallOptions = {},
): Promise<Answer<import('zod').infer<Api[K]['data']>>> {
  const { api } = await import('@fleet/contract');
  const def = api[id];
  const query = Object.fromEntries(
    Object.entries(opts.query ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const res = await app.inject({
    method: def.method,
    url: buildPath(def.path, opts.params),
    query,
    headers: {
      ...(opts.token ? { token: opts.token } : {}),
      // A streamed upload's body is the file's bytes.
      ...((def as RouteDef).stream && Buffer.isBuffer(opts.body)
        ? { 'content-type': 'application/octet-stream' }
        : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: isJson ? res.json() : (res.body as never), headers: res.headers };
}

export async function login(
  app: FastifyInstance,
  account: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await call(app, 'login', { body: { account, password } });
  if (res.status !== 200) throw new Error(`login ${account} failed: ${res.status} ${res.body.info}`);
  return res.body.data.token;
}

/** Mails the server wrote to DATA_DIR/outbox (no SMTP in tests), newest last. */
export async function outbox(dataDir: string): Promise<{ to: string; subject: string; text: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8'))));
}

/** Polls `check` every 10 ms until it holds; the time it took, in ms (fails past 3 s). */
export async function timeUntil(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 3000) throw new Error('never happened within 3 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}
