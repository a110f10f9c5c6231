import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/seed-demo.js';
import { PGLITE_MALLOC_TUNABLES, PGLITE_SEMI_SPACE_ARG } from '../src/ops/process-settings.js';
import { serverLauncher } from '../src/ops/server-bundle.js';

const serverDir = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(base: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready in 60 s:\n${output()}`);
}

/** The server process the launcher started (its only child). */
async function serverPid(launcher: number): Promise<number> {
  const children = (await readFile(`/proc/${launcher}/task/${launcher}/children`, 'utf8')).trim().split(' ');
  expect(children).toHaveLength(1);
  return Number(children[0]);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

/**
 * The server as `npm start` runs it: the launcher (server/dist/launch.mjs) and the server in its child process,
 * an empty data folder, the demo seeded on first start.
 */
describe('start-up', () => {
  let child: ChildProcess;
  let dataDir: string;
  let base: string;
  let out = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fc-start-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [serverLauncher()], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        MQTT_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    await waitUntilReady(base, child, () => out);
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the demo accounts on the first start of an empty database', () => {
    for (const a of DEMO_ACCOUNTS) expect(out).toContain(a.email);
    expect(out).toContain(DEMO_PASSWORD);
  });

  it.each(DEMO_ACCOUNTS.map((a) => a.email))('%s signs in over HTTP', async (email) => {
    const res = await fetch(`${base}/opt/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: email, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { token: string } };
    const me = await fetch(`${base}/opt/v1/user/me`, { headers: { token: data.token } });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
  });

  it.runIf(process.platform === 'linux')(
    "runs the server with the C library's allocator settings and, on PGlite, a bounded young generation",
    async () => {
      const pid = await serverPid(child.pid as number);
      const environ = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      // glibc rewrites the variable where /proc reads it once it has taken the tunables (2.36 leaves the first one).
      const tunables = environ.find((v) => v.startsWith('GLIBC_TUNABLES='))?.slice('GLIBC_TUNABLES='.length);
      expect(tunables && PGLITE_MALLOC_TUNABLES.startsWith(tunables)).toBe(true);
      expect((await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')).toContain(PGLITE_SEMI_SPACE_ARG);
    },
  );

  it('stops cleanly on SIGTERM, the server first', async () => {
    const pid = process.platform === 'linux' ? await serverPid(child.pid as number) : null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    if (pid !== null) expect(alive(pid)).toBe(false);
  });
});
