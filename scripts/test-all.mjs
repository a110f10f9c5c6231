#!/usr/bin/env node
// Runs every test of the project and closes with one line "N passed, N failed" (CI reads it).
// Vitest: unit and API tests on PGlite, then the API tests again on PostgreSQL when TEST_DATABASE_URL
// is set. Playwright: the end-to-end specs in Debian's Chromium, when there are any.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const runs = [];
// The names of what failed, printed again at the very end: CI keeps only the tail of the output.
const failures = [];

function run(label, cmd, args, env, reportFile, count, failed) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  let counted = null;
  if (existsSync(reportFile)) {
    try {
      const report = JSON.parse(readFileSync(reportFile, 'utf8'));
      counted = count(report);
      for (const name of failed(report)) failures.push(`${label}: ${name}`);
    } catch (err) {
      process.stdout.write(`could not read ${reportFile}: ${err.message}\n`);
    }
  }
  // A runner that crashed before reporting still counts as a failure.
  if (!counted) counted = { passed: 0, failed: 1, skipped: 0 };
  if (res.status !== 0 && counted.failed === 0) counted.failed = 1;
  if (counted.failed > 0 && !failures.some((f) => f.startsWith(`${label}: `))) {
    failures.push(
      `${label}: the runner exited with status ${res.status ?? res.signal} (no failed test in its report)`,
    );
  }
  totals.passed += counted.passed;
  totals.failed += counted.failed;
  totals.skipped += counted.skipped;
  runs.push(`${label}: ${counted.passed} passed, ${counted.failed} failed, ${counted.skipped} skipped`);
}

const vitestCount = (r) => ({
  passed: r.numPassedTests ?? 0,
  failed:
    (r.numFailedTests ?? 0) +
    (r.numRuntimeErrorTestSuites ?? 0) +
    (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0),
  skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
});

// Vitest's JSON report: a file that could not run has no failed test but a message of its own.
const vitestFailures = (r) =>
  (r.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name ?? '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`];
    return tests.map((t) => `${where} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
  });

// Playwright's JSON report: suites nest, each spec holds its tests and their results.
const playwrightFailures = (r) => {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        found.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(last?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of r.suites ?? []) walk(suite);
  return found;
};

// ANSI colours dropped and cut to one line of at most 300 characters.
function firstLine(text) {
  const plain = String(text ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape starts ANSI colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0];
  return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
}

const vitest = (label, file, env, extra = []) =>
  run(
    label,
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      ...extra,
    ],
    env,
    file,
    vitestCount,
    vitestFailures,
  );

const pgUrl = process.env.TEST_DATABASE_URL;
vitest('unit + API tests (PGlite)', path.join(out, 'vitest-pglite.json'), { TEST_DATABASE_URL: '' });
if (pgUrl) {
  vitest('API tests (PostgreSQL)', path.join(out, 'vitest-postgres.json'), { TEST_DATABASE_URL: pgUrl }, [
    '--project',
    'server',
  ]);
} else {
  process.stdout.write('\nTEST_DATABASE_URL is not set: API tests ran on PGlite only.\n');
}

const e2eDir = path.join(root, 'e2e');
const hasSpecs = (dir) =>
  existsSync(dir) &&
  readdirSync(dir, { withFileTypes: true }).some((d) =>
    d.isDirectory()
      ? d.name !== 'node_modules' && hasSpecs(path.join(dir, d.name))
      : d.name.endsWith('.spec.ts'),
  );
if (hasSpecs(e2eDir)) {
  const file = path.join(out, 'playwright.json');
  run(
    'end-to-end (Playwright, Chromium)',
    process.execPath,
    [
      path.join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      path.join(e2eDir, 'playwright.config.ts'),
    ],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    file,
    (r) => ({
      passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
      failed: r.stats?.unexpected ?? 0,
      skipped: r.stats?.skipped ?? 0,
    }),
    playwrightFailures,
  );
}

if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
process.stdout.write(`\n${runs.join('\n')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 ? 1 : 0);
