import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { MAIN_SCREENS } from '../support/screens.js';
import { openUserPopover, screenShown } from '../support/shell.js';

// Issue part 12: the screens of later issues exist with their title and a proper empty state, never sample
// text (in English: routes.spec.ts); and pictures of the shell in both languages are kept with the results.

const NO_FILLER = /lorem|ipsum|dolor sit|todo|tbd|placeholder|\bfoo\b|\{\{/i;

for (const account of ['owner', 'super'] as const) {
  const screens = MAIN_SCREENS.filter((s) => s.account === account && s.emptyKey);
  // An account with no such screen left has nothing to check here.
  if (!screens.length) continue;
  test(`screens of later issues show their title and an empty state in Chinese, no filler (${screens.map((s) => s.id).join(', ')})`, async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(60_000);
    await signedIn(account, { lng: 'zh' });
    for (const screen of screens) {
      await page.goto(screen.path);
      const shown = await screenShown(page, screen.id);
      await expect(shown.getByRole('heading', { level: 1 })).toHaveText(text('zh', screen.titleKey));
      await expect(shown).toContainText(text('zh', `${screen.emptyKey}.empty.title`));
      await expect(shown).toContainText(text('zh', `${screen.emptyKey}.empty.description`));
      expect(await shown.innerText(), screen.path).not.toMatch(NO_FILLER);
    }
  });
}

test('screenshots of the shell in zh and en are kept as test artifacts', async ({
  page,
  signedIn,
}, testInfo) => {
  const folder = path.join(testInfo.project.outputDir, 'screenshots');
  await mkdir(folder, { recursive: true });
  const shoot = async (name: string) => {
    const file = path.join(folder, `${name}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(name, { path: file, contentType: 'image/png' });
  };
  for (const lng of ['en', 'zh'] as Language[]) {
    await page.goto('/login');
    await page
      .getByTestId('language-switch')
      .getByText(lng === 'zh' ? '中文' : 'English')
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'auth:title'));
    await expect(page.getByTestId('home-stat')).toBeVisible();
    await shoot(`login-${lng}`);
  }
  await signedIn('owner', { lng: 'zh' });
  for (const lng of ['zh', 'en'] as Language[]) {
    await page.goto('/robots');
    if (lng === 'en') await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'en'));
    if (lng === 'en') await page.reload();
    const shown = await screenShown(page, 'robots');
    await expect(shown.getByRole('heading')).toHaveText(text(lng, 'routes.robots'));
    await expect(page.getByTestId('menu-subsidiaries')).toBeVisible();
    await shoot(`robots-${lng}`);
    await openUserPopover(page);
    await shoot(`robots-user-popover-${lng}`);
  }
});
