import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { boundHeapGrowth, DEFAULT_HEAP_GROWTH_PERCENT, PGLITE_HEAP_GROWTH_PERCENT } from './heap-growth.js';

const run = promisify(execFile);
const moduleUrl = path.join(import.meta.dirname, 'heap-growth.ts');

/**
 * A process shaped like an export: a live set that stays, and pages that each live just long enough to be promoted
 * (a young generation of 1 MB, ten pages of ~0.4 MB kept), then die in the old generation. Reports the heap's peak
 * and its live size after a full collection.
 */
const workload = (bound: boolean) => `
import v8 from 'node:v8';
import { boundHeapGrowth } from ${JSON.stringify(moduleUrl)};
if (${bound}) boundHeapGrowth(50);
const live = [];
for (let i = 0; i < 300_000; i++) live.push({ i, s: 'live ' + i });
const pages = [];
let peak = 0;
for (let p = 0; p < 1500; p++) {
  const page = [];
  for (let i = 0; i < 5000; i++) page.push({ p, i, s: 'row ' + p + ' ' + i });
  pages.push(page);
  if (pages.length > 10) pages.shift();
  peak = Math.max(peak, v8.getHeapStatistics().used_heap_size);
}
pages.length = 0;
globalThis.gc();
console.log(JSON.stringify({ peak, live: v8.getHeapStatistics().used_heap_size, kept: live.length }));
`;

async function heapOf(bound: boolean): Promise<{ peak: number; live: number }> {
  const { stdout } = await run(
    process.execPath,
    [
      '--expose-gc',
      '--max-semi-space-size=1',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      workload(bound),
    ],
    { cwd: import.meta.dirname },
  );
  return JSON.parse(stdout);
}

describe('heap growth', () => {
  it('bounded at 50 %, promoted garbage keeps the heap near its live size; unbounded, it grows far past it (ANALYSIS-EXPORT-HEAP-BOUNDED)', async () => {
    const [bounded, unbounded] = await Promise.all([heapOf(true), heapOf(false)]);
    const MB = 1e6;
    // 1.5 × the live size, plus the young generation and the pages in flight.
    expect(bounded.peak).toBeLessThan(bounded.live * 1.5 + 25 * MB);
    expect(unbounded.peak).toBeGreaterThan(bounded.peak * 1.5);
  }, 60_000);

  it("a --heap-growing-percent given to node wins over the server's setting", () => {
    expect(boundHeapGrowth(50, ['--heap-growing-percent=80'])).toBe('node flag');
    expect(boundHeapGrowth(50, ['--heap_growing_percent=80'])).toBe('node flag');
  });
});

describe('the default heap growth', () => {
  it('is 25 % on PGlite, 50 % on PostgreSQL, and HEAP_GROWTH_PERCENT wins (ANALYSIS-EXPORT-HEAP-BOUNDED)', async () => {
    const { loadConfig } = await import('../config.js');
    expect(loadConfig({}).heapGrowthPercent).toBe(PGLITE_HEAP_GROWTH_PERCENT);
    expect(loadConfig({ DATABASE_URL: '' }).heapGrowthPercent).toBe(PGLITE_HEAP_GROWTH_PERCENT);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/fleet' }).heapGrowthPercent).toBe(
      DEFAULT_HEAP_GROWTH_PERCENT,
    );
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(PGLITE_HEAP_GROWTH_PERCENT).toBeLessThan(DEFAULT_HEAP_GROWTH_PERCENT);
  });
});
