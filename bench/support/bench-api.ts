import { api, buildPath, type RouteData, type RouteDef } from '@fleet/contract';
import { serverProcess } from '../../server/src/ops/server-bundle.js';
import { freePort, killAll, startNode } from '../telemetry/processes.js';

/**
 * A typed call of the console's API on a server a benchmark started; any answer but 200 fails the run. `headers`
 * go with every call (e.g. X-Forwarded-For, to play many browsers to a server started with TRUST_PROXY).
 */
export function apiCaller(base: string, headers: Record<string, string> = {}) {
  return async function call<R extends RouteDef>(
    route: R,
    token: string | null,
    input: { params?: object; query?: object; body?: unknown } = {},
  ): Promise<RouteData<R>> {
    const url = new URL(base + buildPath(route.path, input.params as Record<string, string>));
    for (const [k, v] of Object.entries(input.query ?? {})) url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method: route.method,
      headers: {
        ...headers,
        ...(token ? { token } : {}),
        ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    const json = (await res.json()) as { success: boolean; info: string; data: unknown };
    if (res.status !== 200) throw new Error(`${route.id} → ${res.status} ${json.info}`);
    return json.data as RouteData<R>;
  };
}

/** The value, or the run fails naming what the demo lacked. */
export function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the demo has no ${what}`);
  return value;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 200 ms until it answers something, or fails after `ms`. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * The real server as a child process for a benchmark: the demo seeded, its own simulated fleet off, the API's rate
 * limit out of the way, on free ports; PGlite in `dataDir` unless `databaseUrl` is given. Resolves once /readyz
 * answers. `env` adds or overrides settings (e.g. ANALYSIS_ROLLUP_MS=0), `nodeArgs` node's own flags
 * (e.g. --cpu-prof).
 */
export async function startDemoServer(opts: {
  root: string;
  dataDir: string;
  databaseUrl?: string;
  env?: NodeJS.ProcessEnv;
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  /** How long `stop` waits after SIGTERM before SIGKILL (10 s). */
  stopGraceMs?: number;
}) {
  const port = await freePort();
  const mqttPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // As npm start's launcher starts it (the allocator's settings, node's flags), so the process measured is the server.
  const server = serverProcess(
    {
      ...process.env,
      PORT: String(port),
      // Robots fetch files (audio) from the server's public URL.
      PUBLIC_URL: base,
      MQTT_PORT: String(mqttPort),
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      DEMO_FLEET: 'false',
      LOG_LEVEL: 'warn',
      API_REQUESTS_PER_MINUTE: '100000',
      ...opts.env,
    },
    opts.nodeArgs,
  );
  const child = startNode('server', server.script, [], {
    cwd: opts.root,
    env: server.env,
    nodeArgs: server.nodeArgs,
  });
  try {
    await until(
      'the server',
      async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok,
      opts.readyTimeoutMs ?? 120_000,
    );
  } catch (err) {
    await child.stop(10_000);
    throw err;
  }
  return {
    base,
    pid: child.pid,
    /** The server's output, line by line (e.g. to echo it while debugging a benchmark). */
    onLine: (listener: (line: string) => void) => child.onLine(listener),
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    call: apiCaller(base),
    stop: () => child.stop(opts.stopGraceMs ?? 10_000),
  };
}

/** Signs in as Acme's owner and finds the demo's Acme Tower with its floors (the lobby is level 0). */
export async function acmeTower(call: ReturnType<typeof apiCaller>) {
  const { token } = await call(api.login, null, {
    body: { account: 'owner@acme.test', password: 'demo1234' },
  });
  const buildings = await call(api.searchBuildings, token, { body: { pageIndex: 1, pageLength: 20 } });
  const tower = must(
    buildings.list.find((b) => b.name === 'Acme Tower'),
    'Acme Tower',
  );
  const { floors } = await call(api.getBuilding, token, { params: { id: tower.id } });
  const floorAt = (level: number) =>
    must(
      floors.find((f) => f.level === level),
      `floor ${level} in Acme Tower`,
    ).id;
  return { token, tower, floorAt };
}

/** Runs a benchmark's main: exit 0 when it ends, 1 with its reason (and every child stopped) when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
      killAll();
      process.exit(1);
    },
  );
}
