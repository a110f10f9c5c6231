import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_GATEWAY, E2E_MQTT_PORT, E2E_PORT, E2E_REGIONS, SENTRY_PORT } from './support/ports.js';

const root = path.resolve(import.meta.dirname, '..');
// Each run starts from an empty database, so the demo is seeded exactly as a new user sees it. Workers load
// this file again: they inherit the directory through the environment instead of making their own, so a
// spec can read the server's outbox (DATA_DIR/outbox) from E2E_DATA_DIR.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(tmpdir(), 'fc-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The console is built for this run alone: a build started elsewhere meanwhile (another run, `npm start`)
// empties web/dist and would break the pages this server is serving.
const webDist = path.join(dataDir, 'web');
const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results/e2e'),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'test-results/playwright.json'),
      },
    ],
  ],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    locale: 'en-US',
    // Recording a trace of every test slows the whole run by a quarter on a small machine; a failure is
    // retried once in CI, with the trace recorded then (locally: --trace on).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `npm run build -w web -- --outDir ${webDist} && node server/bundle.mjs && node server/dist/launch.mjs`,
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The machine's Mosquitto holds 1883; simulated robots of the fleet specs connect here.
      MQTT_PORT: String(E2E_MQTT_PORT),
      PARTNER_HOSTS: 'partner.localhost',
      // Two regions, so the header's region selector has a choice; both are served by this one server.
      REGIONS: JSON.stringify(E2E_REGIONS),
      PARTNER_NAME: 'Partner Robotics',
      // The device gateway is this same server under another host name: a separate origin to the browser, so the
      // super admin's device search really goes across origins (CORS) as it does to a separate gateway host.
      DEVICE_GATEWAY_URL: E2E_GATEWAY,
      GATEWAY_CORS_ORIGINS: baseURL,
      SENTRY_DSN: `http://e2epublickey@127.0.0.1:${SENTRY_PORT}/1`,
      ENVIRONMENT: 'e2e',
      // Every browser and API call of the run comes from 127.0.0.1: one address's budget would be the whole suite's.
      API_ANONYMOUS_REQUESTS_PER_MINUTE: '20000',
      // The apps specs' webhook receiver listens on 127.0.0.1, which the server refuses unless allowed.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
});
