import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { screenShown } from '../support/shell.js';

// The accessibility check: axe-core finds no serious or critical violation on /login, /robots, /person.

async function seriousViolations(page: Page) {
  // Colours caught halfway through a transition (antd fades tags and rows in) are not the page's colours.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    }));
}

for (const lng of ['en', 'zh'] as const) {
  test(`/login has no serious or critical accessibility violation (${lng})`, async ({ page }) => {
    await page.goto('/login');
    if (lng === 'zh') await page.getByTestId('language-switch').getByText('中文').click();
    await expect(page.getByTestId('home-stat')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const [path, id] of [
    ['/robots', 'robots'],
    ['/person', 'person'],
  ] as const) {
    test(`${path} has no serious or critical accessibility violation (${lng})`, async ({
      page,
      signedIn,
    }) => {
      await signedIn('owner', { lng });
      await page.goto(path);
      await screenShown(page, id);
      await expect(page.getByTestId('menu-subsidiaries')).toBeVisible();
      // Let the screen's own data settle (the people list on /person).
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
