import { at, openSignedIn, profiled, traced } from './signed-in-page.js';

export interface TableFigures {
  /** Animation frames the page ran per second while its table scrolled. */
  fps: number;
  /** The longest time between two frames, and the 95th percentile: a stutter shows here first. */
  longestFrameMs: number;
  frameMsP95: number;
  /** Robots the page counted (its summary's total). */
  robots: number;
  /** Rows the table held in view at the end: the scroll drew real rows, not blank space. */
  rowsInView: number;
}

/**
 * Opens /robots in Debian's Chromium signed in with `token`, waits until its summary counts `expectRobots`
 * robots, then scrolls the table down and up again by `pxPerFrame` at every animation frame for `seconds`,
 * counting frames and the time between them.
 */
export async function measureRobots(opts: {
  url: string;
  origin: string;
  token: string;
  expectRobots: number;
  seconds: number;
  pxPerFrame: number;
  profile?: string;
  trace?: string;
}): Promise<TableFigures> {
  const { browser, page } = await openSignedIn(opts);
  try {
    const total = `Number((document.querySelector('[data-testid="fleet-summary"] span')?.textContent ?? '').replace(/\\D+/g, ''))`;
    await page.waitForFunction(`${total} >= ${opts.expectRobots}`, undefined, {
      timeout: 180_000,
      polling: 500,
    });
    await page.waitForSelector('[data-testid="robot-table"] [data-robot-id]');
    const robots = (await page.evaluate(total)) as number;
    // Given as text: tsx names functions (`__name`), which does not exist in the page.
    const result = await profiled(page, opts.profile, () =>
      traced(
        page,
        opts.trace,
        async () =>
          (await page.evaluate(`(async (seconds, step) => {
      const scroller = document.querySelector('[data-testid="robot-table"] .fc-rt-scroll');
      const gaps = [];
      let frames = 0;
      let direction = 1;
      const started = performance.now();
      let last = started;
      await new Promise((resolve) => {
        const tick = (now) => {
          frames++;
          gaps.push(now - last);
          last = now;
          const max = scroller.scrollHeight - scroller.clientHeight;
          if ((direction > 0 && scroller.scrollTop >= max) || (direction < 0 && scroller.scrollTop <= 0)) direction = -direction;
          scroller.scrollTop += direction * step;
          if (performance.now() - started < seconds * 1000) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      const elapsed = (performance.now() - started) / 1000;
      const rows = document.querySelectorAll('[data-testid="robot-table"] [data-robot-id]').length;
      return { frames: frames / elapsed, gaps: gaps.slice(1), rows };
    })(${opts.seconds}, ${opts.pxPerFrame})`)) as { frames: number; gaps: number[]; rows: number },
      ),
    );
    return {
      fps: result.frames,
      longestFrameMs: Math.max(0, ...result.gaps),
      frameMsP95: at(result.gaps, 0.95),
      robots,
      rowsInView: result.rows,
    };
  } finally {
    await browser.close();
  }
}
