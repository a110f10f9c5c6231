/**
 * Console load figures (issue 3): the JavaScript a browser runs to show /login, /robots and the main layout
 * alone (/app, whose screen is still an empty state; /analysis was that screen until it drew charts), and the
 * time from navigation to a usable screen, in Debian's Chromium against the real server.
 *
 *   npx tsx bench/web-load.ts            (RUNS=5 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { serverProcess } from '../server/src/ops/server-bundle.js';
import { median } from './support/stats.js';

const root = path.resolve(import.meta.dirname, '..');
// web-breakdown.ts points both at a build of its own, made with source maps.
const dist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'web/dist'));
const resultFile = path.resolve(
  process.env.WEB_LOAD_RESULT ?? path.join(root, 'bench/results/web-load.json'),
);
const PORT = 8098;
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 5);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function startServer(): ChildProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fc-bench-web-'));
  const server = serverProcess({
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    MQTT_PORT: '0',
    WEB_DIST: dist,
  });
  return spawn(process.execPath, server.args, {
    cwd: root,
    env: server.env,
    stdio: 'ignore',
  });
}

async function waitReady(): Promise<void> {
  // A busy machine (other test suites running) can take a minute to migrate and seed.
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (
      await fetch(`${BASE}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server not ready');
}

/** gzip -9 size of a built file, the figure the goal is stated in. */
function gzipSize(urlPath: string): number {
  const file = path.join(dist, urlPath);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}

interface Load {
  jsFiles: number;
  /** Every script the page loaded, with its gzip -9 size in bytes: bench/web-breakdown.ts reads them. */
  files: { path: string; gzip: number }[];
  jsGzipKb: number;
  jsTransferredKb: number;
  localeRequests: Record<string, number>;
  usableMs: number;
}

async function measure(page: Page, url: string, ready: string): Promise<Load> {
  const localeRequests: Record<string, number> = {};
  page.on('request', (r) => {
    const m = /\/locales\/([a-z]+)\/([\w-]+)\.json/.exec(r.url());
    if (m) localeRequests[`${m[1]}/${m[2]}`] = (localeRequests[`${m[1]}/${m[2]}`] ?? 0) + 1;
  });
  await page.goto(url);
  await page.locator(ready).waitFor({ state: 'visible', timeout: 30_000 });
  const usableMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const js = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => ({
        path: new URL(e.name).pathname,
        transferred: (e as PerformanceResourceTiming).encodedBodySize,
      })),
  );
  const scripts = js.filter((s) => s.path.endsWith('.js'));
  return {
    jsFiles: scripts.length,
    files: scripts.map((s) => ({ path: s.path, gzip: gzipSize(s.path) })).sort((a, b) => b.gzip - a.gzip),
    jsGzipKb: scripts.reduce((n, s) => n + gzipSize(s.path), 0) / 1024,
    jsTransferredKb: scripts.reduce((n, s) => n + s.transferred, 0) / 1024,
    localeRequests,
    usableMs,
  };
}

async function signedInState(browser: Browser) {
  const context = await browser.newContext();
  const res = await context.request.post(`${BASE}/opt/v1/user/login`, {
    data: { account: 'owner@acme.test', password: 'demo1234' },
  });
  const { data } = (await res.json()) as { data: { token: string } };
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.evaluate((token) => localStorage.setItem('token', token), data.token);
  await page.goto(`${BASE}/robots`);
  await page.locator('[data-testid="screen-robots"]').waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main() {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('build the console first: npm run build');
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const server = startServer();
  try {
    await waitReady();
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const state = await signedInState(browser);
    const login: Load[] = [];
    const robots: Load[] = [];
    // The main layout under a screen that is only an empty state (/app until its issue lands): what every
    // signed-in screen loads before its own code.
    const shell: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      const fresh = await browser.newContext();
      login.push(await measure(await fresh.newPage(), `${BASE}/login`, '[data-testid="login-form"]'));
      await fresh.close();
      const signed = await browser.newContext({ storageState: state });
      robots.push(await measure(await signed.newPage(), `${BASE}/robots`, '[data-testid="screen-robots"]'));
      await signed.close();
      const layout = await browser.newContext({ storageState: state });
      shell.push(await measure(await layout.newPage(), `${BASE}/app`, '[data-testid="screen-app"]'));
      await layout.close();
    }
    await browser.close();
    const summary = (runs: Load[]) => ({
      jsFiles: runs[0]?.jsFiles,
      jsGzipKb: Number((runs[0]?.jsGzipKb ?? 0).toFixed(1)),
      jsBrotliTransferredKb: Number((runs[0]?.jsTransferredKb ?? 0).toFixed(1)),
      usableMsMedian: Math.round(median(runs.map((r) => r.usableMs))),
      usableMsRuns: runs.map((r) => Math.round(r.usableMs)),
      localeFilesFetchedMoreThanOnce: Object.entries(runs[0]?.localeRequests ?? {})
        .filter(([, n]) => n > 1)
        .map(([k]) => k),
      localeFiles: Object.keys(runs[0]?.localeRequests ?? {}).length,
      files: runs[0]?.files ?? [],
    });
    const result = {
      at: new Date().toISOString(),
      runs: RUNS,
      node: process.version,
      // The usable times are only comparable between runs on an equally busy machine.
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((n) => Number(n.toFixed(2))),
      login: summary(login),
      robots: summary(robots),
      shell: summary(shell),
    };
    await mkdir(path.dirname(resultFile), { recursive: true });
    await writeFile(resultFile, JSON.stringify(result, null, 2));
    // The file lists are for web-breakdown.ts; the screen gets the figures.
    console.log(JSON.stringify(result, (key, value: unknown) => (key === 'files' ? undefined : value), 2));
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
