import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';

/** The table row of a robot, by id. */
export function robotRow(page: Page, robotId: string): Locator {
  return page.getByTestId('robot-table').locator(`[data-robot-id="${robotId}"]`);
}

/**
 * Opens the drawer of a demo robot that is online and not paused (the demo fleet wanders, so which one is
 * driving changes from second to second) and returns its id.
 */
export async function openOnlineRobot(page: Page, statuses = ['working', 'idle']): Promise<string> {
  const selector = statuses.map((s) => `[data-robot-status="${s}"]`).join(', ');
  const row = page.getByTestId('robot-table').locator(selector).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  const id = await row.getAttribute('data-robot-id');
  if (!id) throw new Error('robot row without id');
  await row.getByTestId('robot-open').click();
  await expect(page.getByTestId('robot-drawer').getByTestId('robot-facts')).toBeVisible();
  return id;
}

/** Frames the floor-map canvas has drawn so far (each is a redraw after a change). */
export function mapFrames(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __fleetMap?: { frames: number } }).__fleetMap?.frames ?? 0,
  );
}

/** Redraws of the floor map in one second of the page's own time. */
export async function mapRedrawsPerSecond(page: Page): Promise<number> {
  const before = await mapFrames(page);
  await page.waitForTimeout(1000);
  return (await mapFrames(page)) - before;
}
