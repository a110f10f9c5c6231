import { addDays, api, localDateOf } from '@fleet/contract';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';
import { settled } from '../support/motion.js';
import { toast } from '../support/shell.js';

/*
 * ANALYSIS-SETTINGS: the owner gives Acme Tower a new shift calendar from a date two weeks ago (weekends off; the
 * demo's tower works every day), and the tower's utilisation of the last week is computed again with it: the card
 * on /analysis shows the server's new figure. Deleting the version brings the old figure back.
 */

const t = (key: string, values: Record<string, string | number> = {}) =>
  text('en', `analysis:${key}`, values);
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

test('a manager gives a building a shift calendar from a date, and the figures from that date follow it', async ({
  page,
  signedIn,
  api: client,
}) => {
  test.setTimeout(90_000);
  const owner = await signedIn('owner', { storage: { userUnits: 'metric' } });
  const options = await client.call(api.analysisOptions, {}, owner.token);
  const tower = options.buildings.find((b) => b.name === 'Acme Tower');
  if (!tower) throw new Error('no Acme Tower');
  const today = localDateOf(Date.now(), tower.timeZone);
  const effectiveFrom = addDays(today, -14);
  const filter = {
    from: addDays(today, -7),
    to: addDays(today, -1),
    buildingIds: [tower.id],
    granularity: 'day' as const,
    compare: false,
  };
  const utilisation = async () => {
    const summary = await client.call(api.analysisSummary, { body: filter }, owner.token);
    return summary.cards.find((c) => c.id === 'utilisation')?.value ?? null;
  };
  const before = await utilisation();
  expect(before).not.toBeNull();
  const figures = `/analysis?building=${tower.id}&from=${filter.from}&to=${filter.to}`;
  await page.goto(figures);
  const card = page.getByTestId('kpi-utilisation-value');
  await expect(card).not.toBeEmpty();
  const shownBefore = await card.innerText();

  // A new calendar version for the tower, from two weeks ago, with Saturday and Sunday off.
  await page.goto('/analysis/config');
  await page.getByTestId('settings-calendar').getByTestId('setting-new').click();
  const form = page.getByTestId('setting-form');
  await settled(form);
  await form.getByText(t('config.scope.building'), { exact: true }).click();
  await form.getByTestId('setting-scope-target').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Acme Tower' })
    .click();
  // The tower's own calendar is what the new version starts from: every day 07:00–22:00.
  await expect(form.getByTestId('weekday-6').getByRole('switch')).toBeChecked();
  const day = form.getByTestId('setting-effective-from');
  await day.click();
  await day.fill(longDate(effectiveFrom));
  await day.press('Enter');
  await form.getByTestId('weekday-6').getByRole('switch').click();
  await form.getByTestId('weekday-7').getByRole('switch').click();
  await expect(form.getByTestId('weekday-7')).toContainText(t('config.calendar.dayOff'));
  await page.getByTestId('setting-form-submit').click();
  await expect(toast(page, t('config.form.saved'), 'success')).toBeVisible();
  const row = page
    .getByTestId('setting-versions')
    .getByRole('row')
    .filter({ hasText: 'Acme Tower' })
    .filter({ hasText: longDate(effectiveFrom) });
  await expect(row).toContainText('Mon–Fri 07:00–22:00');

  // The days from that date are built again with it: the server's figure moves, and the card shows it.
  await expect.poll(utilisation, { timeout: 30_000 }).not.toBe(before);
  await page.goto(figures);
  await expect(card).not.toHaveText(shownBefore);

  // Deleted, the version leaves the days to the calendar before it.
  await page.goto('/analysis/config');
  await row.getByRole('button', { name: t('config.actions.delete') }).click();
  const confirm = page.locator('.ant-popover:visible');
  await settled(confirm);
  await confirm.getByRole('button', { name: t('config.actions.delete') }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(utilisation, { timeout: 30_000 }).toBe(before);
  await page.goto(figures);
  await expect(card).toHaveText(shownBefore);
});
