import { readFileSync } from 'node:fs';
import { api } from '@fleet/contract';
import ExcelJS from 'exceljs';
import { expect, test } from '../support/fixtures.js';
import { text } from '../support/locales.js';

/*
 * ANALYSIS-FIGURES, ANALYSIS-EXPORT: a manager picks Acme Tower and the last 7 days, compares them with the week
 * before (the demo seeds 45 days of history), opens the tasks behind a robot of the ranking and one task, exports
 * the raw tasks as XLSX and reads the file back: it holds every task of the view. Then the screen in Chinese with
 * imperial units.
 */

const t = (key: string, values: Record<string, string | number> = {}) =>
  text('en', `analysis:${key}`, values);

test('a manager compares last week with the week before, drills into a task and exports the tasks as XLSX', async ({
  page,
  signedIn,
  api: client,
}) => {
  test.setTimeout(90_000);
  const owner = await signedIn('owner', { storage: { userUnits: 'metric' } });
  await page.goto('/analysis');
  await expect(page.getByTestId('kpi-tasksDone-value')).toBeVisible();

  // Acme Tower, the last 7 days, compared with the week before.
  await page.getByTestId('filter-buildings').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Acme Tower' })
    .click();
  await page.keyboard.press('Escape');
  await page.getByTestId('filter-range').first().click();
  await page
    .locator('.ant-picker-presets:visible li')
    .filter({ hasText: t('filters.presets.last7') })
    .click();
  await expect(page).toHaveURL(/building=/);
  // The picker shows the days chosen (the address names them only when they differ from the default week).
  const from = await page.getByTestId('filter-range').first().inputValue();
  const to = await page.getByTestId('filter-range').last().inputValue();
  expect(from < to).toBe(true);
  await expect(page.getByTestId('filter-compare')).toBeChecked();
  await expect(page.getByTestId('kpi-tasksDone-change')).toBeVisible();
  await expect(page.getByTestId('kpi-distance-value')).toContainText('km');

  // The figures are the server's for that filter.
  const options = await client.call(api.analysisOptions, {}, owner.token);
  const tower = options.buildings.find((b) => b.name === 'Acme Tower');
  if (!tower) throw new Error('no Acme Tower');
  const filter = { from, to, buildingIds: [tower.id], granularity: 'day' as const, compare: true };
  // The range ends today and the demo fleet keeps working: today's figures are rebuilt every minute, so the
  // card and the server are compared at one moment, the screen loaded again when a roll-up came between them.
  const doneNow = async () => {
    const summary = await client.call(api.analysisSummary, { body: filter }, owner.token);
    return summary.cards.find((c) => c.id === 'tasksDone')?.value ?? 0;
  };
  const card = page.getByTestId('kpi-tasksDone-value');
  await expect
    .poll(
      async () => {
        const done = await doneNow();
        if (done > 0 && (await card.innerText()).includes(new Intl.NumberFormat('en').format(done)))
          return true;
        await page.reload();
        await expect(card).not.toBeEmpty();
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // The tasks behind the first robot of the ranking, and one of them.
  const firstRobot = page.getByTestId('ranking-table').locator('tbody tr.ant-table-row').first();
  await firstRobot.click();
  const drawer = page.getByTestId('tasks-drawer');
  await expect(drawer).toBeVisible();
  const firstTask = drawer.locator('tbody tr.ant-table-row').first();
  await expect(firstTask).toBeVisible();
  await firstTask.click();
  const task = page.getByTestId('task-drawer');
  await expect(task.getByTestId('task-facts')).toBeVisible();
  await expect(task.getByTestId('task-facts')).toContainText('Acme Tower');
  await page.locator('.ant-drawer-open').last().locator('.ant-drawer-close').click();
  await expect(task).toBeHidden();
  await page.locator('.ant-drawer-open').last().locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  // The raw tasks as XLSX, read back. The range ends today and the demo fleet keeps working: the file holds the
  // tasks there were when it was written, at least those counted before and at most those counted after.
  const taskCount = async () =>
    (
      await client.call(
        api.analysisTasks,
        { body: { pageIndex: 1, pageLength: 1, requestData: { scope: filter } } },
        owner.token,
      )
    ).totalCnt;
  const before = await taskCount();
  const download = page.waitForEvent('download');
  await page.getByTestId('analysis-export').click();
  await page.getByTestId('export-tasks-xlsx').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`analysis-tasks-${from}-${to}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer); // exceljs types an older Buffer
  const sheet = book.worksheets[0];
  expect(sheet?.getRow(1).getCell(1).value).toBe('Robot');
  const rows = (sheet?.actualRowCount ?? 0) - 1;
  expect(rows).toBeGreaterThanOrEqual(before);
  expect(rows).toBeLessThanOrEqual(await taskCount());
  const buildings = new Set<unknown>();
  sheet?.eachRow((row, n) => {
    if (n > 1) buildings.add(row.getCell(2).value);
  });
  expect([...buildings]).toEqual(['Acme Tower']);
});

test('the analysis screen in Chinese with imperial units', async ({ page, signedIn }) => {
  await signedIn('owner', { lng: 'zh', storage: { userUnits: 'imperial' } });
  await page.goto('/analysis');
  const zh = (key: string) => text('zh', `analysis:${key}`);
  await expect(page.getByTestId('kpi-distance')).toContainText(zh('kpis.distance.name'));
  await expect(page.getByTestId('kpi-distance-value')).toContainText('mi');
  await expect(page.getByTestId('kpi-cleanedArea-value')).toContainText('ft²');
  await expect(page.getByTestId('analysis-export')).toContainText(zh('export.button'));
  await expect(page.getByTestId('analysis-trend')).toBeVisible();
});
