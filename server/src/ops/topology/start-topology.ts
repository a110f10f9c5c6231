import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../server-root.js';
import { serverProcess } from '../server-bundle.js';

/**
 * Several console instances behind HAProxy on one machine: docs/operations.md's scale-out topology without Compose
 * (scripts/run-instances.mjs, and the test that kills one under load). Every instance is the server as `npm start`
 * runs it (the bundle, server/dist/main.mjs) in a process of its own, on one PostgreSQL and one external broker;
 * HAProxy spreads requests and `/live` connections round-robin over those whose `/readyz` answers, and takes one
 * out within a second when it stops answering.
 */
export interface TopologyOptions {
  instances: number;
  /** HAProxy's port (the console's address); the instances take the ports after it. */
  port: number;
  /** DATABASE_URL and MQTT_URL are required: PGlite and the embedded broker belong to one process. */
  env: Record<string, string>;
  /** Where each instance keeps its DATA_DIR and HAProxy its configuration. */
  dir: string;
  /** Where the processes' output goes (inherit: this terminal). */
  output?: 'inherit' | 'ignore';
  haproxy?: string;
}

export interface Instance {
  port: number;
  url: string;
  process: ChildProcess;
}

export interface Topology {
  url: string;
  instances: Instance[];
  /** Kills an instance at once, as a lost machine would (SIGKILL: no goodbye, nothing flushed). */
  kill(index: number): void;
  stop(): Promise<void>;
}

const repoRoot = REPO_ROOT;
const READY_MS = 120_000;

export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  if (!opts.env.DATABASE_URL || !opts.env.MQTT_URL)
    throw new Error('several instances need DATABASE_URL (PostgreSQL) and MQTT_URL (an external broker)');
  // Sessions and the secrets kept encrypted must read the same on every instance.
  const secrets = {
    TOKEN_SECRET: opts.env.TOKEN_SECRET ?? randomBytes(32).toString('hex'),
    SECRET_KEY: opts.env.SECRET_KEY ?? randomBytes(32).toString('hex'),
  };
  const started: Instance[] = [];
  let haproxy: ChildProcess | null = null;
  // Whatever happens to this process (a test timing out, Ctrl-C twice), its instances and HAProxy do not outlive it.
  const orphaned = () => {
    haproxy?.kill('SIGKILL');
    for (const i of started) i.process.kill('SIGKILL');
  };
  process.once('exit', orphaned);
  const stop = async () => {
    process.removeListener('exit', orphaned);
    haproxy?.kill('SIGTERM');
    await Promise.all(started.map((i) => ended(i.process, 'SIGTERM')));
  };
  try {
    for (let i = 0; i < opts.instances; i++) {
      const port = opts.port + 1 + i;
      const dataDir = path.join(opts.dir, `instance-${i + 1}`);
      await mkdir(dataDir, { recursive: true });
      const server = serverProcess({
        ...process.env,
        ...opts.env,
        ...secrets,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
        // The demo's simulated robots run in the first instance only: the others see them through the broker.
        DEMO_FLEET: i === 0 ? (opts.env.DEMO_FLEET ?? 'true') : 'false',
      });
      const child = spawn(process.execPath, server.args, {
        cwd: repoRoot,
        env: server.env,
        stdio: ['ignore', opts.output ?? 'inherit', opts.output ?? 'inherit'],
      });
      const instance = { port, url: `http://127.0.0.1:${port}`, process: child };
      started.push(instance);
      // One after the other: the first migrates and seeds the demo, the next find it done.
      await ready(instance);
    }
    const config = path.join(opts.dir, 'haproxy.cfg');
    await writeFile(config, haproxyConfig(opts.port, started));
    haproxy = spawn(opts.haproxy ?? 'haproxy', ['-f', config, '-db'], {
      stdio: ['ignore', opts.output ?? 'inherit', opts.output ?? 'inherit'],
    });
    await listening(opts.port, haproxy);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `http://127.0.0.1:${opts.port}`,
    instances: started,
    kill: (index) => started[index]?.process.kill('SIGKILL'),
    stop,
  };
}

/** Round-robin over the instances that answer /readyz, checked twice a second; `/live` WebSockets stay as tunnels. */
export function haproxyConfig(port: number, instances: readonly { port: number }[]): string {
  return `global
  # Within a default limit of open files (each connection is two: the browser's and the instance's).
  maxconn 4000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A /live WebSocket is a tunnel once upgraded: it lives as long as the browser keeps it.
  timeout tunnel 1h
  option redispatch
  retries 2

frontend console
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500 fall 2 rise 1
${instances.map((i, n) => `  server instance-${n + 1} 127.0.0.1:${i.port} check`).join('\n')}
`;
}

async function ready(instance: Instance): Promise<void> {
  const until = Date.now() + READY_MS;
  while (Date.now() < until) {
    if (instance.process.exitCode !== null)
      throw new Error(`the instance on port ${instance.port} ended (exit ${instance.process.exitCode})`);
    try {
      if ((await fetch(`${instance.url}/readyz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the instance on port ${instance.port} was not ready within ${READY_MS / 1000} s`);
}

async function listening(port: number, haproxy: ChildProcess): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (haproxy.exitCode !== null)
      throw new Error(`HAProxy ended (exit ${haproxy.exitCode}): see its output above`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`HAProxy did not listen on ${port}`);
}

function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
