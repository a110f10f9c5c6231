import path from 'node:path';
import { DEMO_PASSWORD } from '../../server/src/demo/seed-demo.js';
import { serverProcess } from '../../server/src/ops/server-bundle.js';
import type { BenchDatabase } from './fleet-db.js';
import { type Child, freePort, startNode } from './processes.js';

export interface ServerUnderTest {
  child: Child;
  apiUrl: string;
  mqttPort: number;
  metrics(): Promise<string>;
  login(account: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the real server as users do (the bundle `npm start` runs, with environment variables), its embedded broker on
 * a free port (1883 belongs to the machine's Mosquitto) with the bench login, and waits for /readyz.
 * Fails with the server's last output when it exits or is not ready in time.
 */
export async function startServer(opts: {
  root: string;
  db: BenchDatabase;
  benchPassword: string;
  readyTimeoutMs: number;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /**
   * An external broker (BENCH_INSTANCES > 1): the instances share it and the database, as in production; no
   * embedded broker and no bench login (the machine's Mosquitto lets anyone in).
   */
  mqttUrl?: string;
  /** Names the instance's output (several run at once). */
  name?: string;
}): Promise<ServerUnderTest> {
  const port = await freePort();
  const mqttPort = opts.mqttUrl ? 0 : await freePort();
  const broker = opts.mqttUrl
    ? { MQTT_URL: opts.mqttUrl }
    : { MQTT_HOST: '127.0.0.1', MQTT_PORT: String(mqttPort), MQTT_BENCH_PASSWORD: opts.benchPassword };
  // As npm start's launcher starts it (the allocator's settings, node's flags), so the process measured is the server.
  const server = serverProcess(
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.db.dataDir,
      ...(opts.db.url ? { DATABASE_URL: opts.db.url } : {}),
      SEED_DEMO: 'false',
      // The demo's simulated robots would run inside the server under test: the fleet here is the simulator's.
      DEMO_FLEET: 'false',
      LOG_LEVEL: 'warn',
      ...broker,
    },
    opts.nodeArgs,
  );
  const child = startNode(opts.name ?? 'server', server.script, [], {
    cwd: path.join(opts.root, 'server'),
    nodeArgs: server.nodeArgs,
    // Warnings and errors of the server are shown as they come: a benchmark hiding them would mislead.
    echo: /"level":60|^[^{].*[Ee]rror/,
    env: server.env,
  });
  const apiUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + opts.readyTimeoutMs;
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`the server exited before it was ready; it printed:\n${child.tail()}`);
    const ok = await fetch(`${apiUrl}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await child.stop(5000);
      throw new Error(
        `the server was not ready within ${opts.readyTimeoutMs / 1000} s; it printed:\n${child.tail()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // The bench login must be announced loudly: check the warning is there rather than trust it.
  if (!opts.mqttUrl && !/MQTT_BENCH_PASSWORD is set/.test(child.tail())) {
    await child.stop(5000);
    throw new Error(`the server did not warn about MQTT_BENCH_PASSWORD; it printed:\n${child.tail()}`);
  }
  return {
    child,
    apiUrl,
    mqttPort,
    // A saturated server answers late: give it time, and say so rather than fail the whole run.
    metrics: async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const r = await fetch(`${apiUrl}/metrics`, { signal: AbortSignal.timeout(30_000) });
          if (!r.ok) throw new Error(`/metrics answered ${r.status}`);
          return await r.text();
        } catch (err) {
          if (attempt === 2) throw err;
          process.stderr.write(`bench: /metrics did not answer (${err}); trying again\n`);
        }
      }
    },
    login: async (account) => {
      const r = await fetch(`${apiUrl}/opt/v1/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account, password: DEMO_PASSWORD }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await r.json()) as { data?: { token?: unknown } };
      const token = body.data?.token;
      if (!r.ok || typeof token !== 'string')
        throw new Error(`login as ${account}: ${r.status} ${JSON.stringify(body)}`);
      return token;
    },
    stop: async () => {
      const code = await child.stop(20_000);
      if (code !== 0) process.stderr.write(`bench: the server exited with ${code}\n`);
    },
  };
}
