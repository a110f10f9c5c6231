import { writeFile } from 'node:fs/promises';
import { type Browser, chromium, type Page } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Debian's Chromium at 1600 × 1000 with one page signed in with `token` (English), opened at `url`. The
 * console's CSP forbids eval, which Playwright's string predicates and evaluations need: bypassed here.
 */
export async function openSignedIn(opts: {
  origin: string;
  url: string;
  token: string;
}): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, bypassCSP: true });
    await page.goto(`${opts.origin}/error/404`);
    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem('i18nextLng', 'en');
    }, opts.token);
    await page.goto(opts.url);
    return { browser, page };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

/**
 * Runs `measure` with the page's main thread sampled by Chromium's profiler when `file` is set (BENCH_PROFILE),
 * and writes the profile there (open it in Chromium's DevTools, Performance → Load profile).
 */
export async function profiled<T>(
  page: Page,
  file: string | undefined,
  measure: () => Promise<T>,
): Promise<T> {
  if (!file) return measure();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const result = await measure();
  const { profile } = await cdp.send('Profiler.stop');
  await writeFile(file, JSON.stringify(profile));
  return result;
}

/** What a trace records: every process's threads, enough to tell script, style, layout, paint, raster and compositing apart. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'cc',
  'viz',
  'gpu',
  'toplevel',
  'v8.execute',
  '__metadata',
];

/**
 * Runs `measure` with a Chromium trace of every process when `file` is set (BENCH_TRACE), written there (open it
 * in Chromium's DevTools or Perfetto): where a CPU profile shows only the page's script, this shows the time the
 * main thread spends in style, layout and paint, and the compositor's and raster threads' work.
 */
export async function traced<T>(page: Page, file: string | undefined, measure: () => Promise<T>): Promise<T> {
  const browser = page.context().browser();
  if (!file || !browser) return measure();
  await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
  try {
    return await measure();
  } finally {
    await browser.stopTracing();
  }
}

/** Nearest-rank percentile of draw times and the like, 0 when there are none. */
export function at(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}
