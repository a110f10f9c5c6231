import { at, openSignedIn, profiled } from './signed-in-page.js';

export interface MapFigures {
  /** Animation frames the page ran per second (the browser's own refresh, capped by the display). */
  fps: number;
  /** Frames the floor map actually redrew per second (it redraws only when a robot or the view changed). */
  drawsPerSecond: number;
  drawMsMedian: number;
  drawMsP95: number;
  /** The map's scale and the robots it drew at the end of the run (a robot's sprite grows with the scale). */
  pixelsPerMetre: number;
  robotsDrawn: number;
  /** What the map fitted its view to: the floor's plan, or the robots when it had no plan. */
  fittedTo: string | null;
  robotsOnFloor: number;
}

/**
 * Opens /map in Debian's Chromium signed in with `token`, waits until at least `expectRobots` robots are on the
 * floor, then counts for `seconds`: requestAnimationFrame callbacks, the renderer's redraws (window.__fleetMap)
 * and the time each redraw took.
 */
export async function measureMap(opts: {
  url: string;
  origin: string;
  token: string;
  expectRobots: number;
  seconds: number;
  /** Where to write a CPU profile of the page's main thread while measuring. */
  profile?: string;
  /** Where to write a screenshot of the page as the count ends. */
  screenshot?: string;
}): Promise<MapFigures> {
  const { browser, page } = await openSignedIn(opts);
  try {
    const countOnFloor = `Number((document.querySelector('[data-testid="map-robot-count"]')?.textContent ?? '').replace(/\\D+/g, ' ').trim().split(' ').pop())`;
    await page.waitForFunction(`${countOnFloor} >= ${opts.expectRobots}`, undefined, {
      timeout: 120_000,
      polling: 500,
    });
    const robotsOnFloor = (await page.evaluate(countOnFloor)) as number;
    // The map fitted its view to the robots it had at its first frame (the bench's floor has no plan): fitted
    // again now, as an operator does with "0" or the fit button, it shows every robot of the floor.
    await page.focus('[data-testid="floor-map-canvas"]');
    await page.keyboard.press('0');
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    // Given as text: tsx names functions (`__name`), which does not exist in the page.
    const result = await profiled(
      page,
      opts.profile,
      async () =>
        (await page.evaluate(`(async (seconds) => {
      const stats = window.__fleetMap;
      const draws = [];
      let frames = 0;
      let lastSeen = stats.frames;
      const startFrames = stats.frames;
      const started = performance.now();
      await new Promise((resolve) => {
        const tick = () => {
          frames++;
          if (stats.frames !== lastSeen) {
            draws.push(stats.lastDrawMs);
            lastSeen = stats.frames;
          }
          if (performance.now() - started < seconds * 1000) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      const elapsed = (performance.now() - started) / 1000;
      return { frames: frames / elapsed, draws: (stats.frames - startFrames) / elapsed, drawMs: draws, ppm: stats.pixelsPerMetre, drawn: stats.robotsDrawn, fittedTo: stats.fittedTo };
    })(${opts.seconds})`)) as {
          frames: number;
          draws: number;
          drawMs: number[];
          ppm: number;
          drawn: number;
          fittedTo: string | null;
        },
    );
    if (opts.screenshot) await page.screenshot({ path: opts.screenshot });
    return {
      fps: result.frames,
      drawsPerSecond: result.draws,
      drawMsMedian: at(result.drawMs, 0.5),
      drawMsP95: at(result.drawMs, 0.95),
      pixelsPerMetre: result.ppm,
      robotsDrawn: result.drawn,
      fittedTo: result.fittedTo,
      robotsOnFloor,
    };
  } finally {
    await browser.close();
  }
}
