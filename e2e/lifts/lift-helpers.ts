import { api } from '@fleet/contract';
import type { Locator, Page } from '@playwright/test';
import type { ConsoleApi } from '../support/api.js';

/** Removes the banks and gateways a test made, by name, whatever state the test ended in. */
export async function removeLiftConfig(
  consoleApi: ConsoleApi,
  token: string,
  names: { bank: string; gateway: string },
): Promise<void> {
  const banks = await consoleApi.call(api.listLiftBanks, { query: {} }, token);
  for (const b of banks.filter((x) => x.name === names.bank))
    await consoleApi.call(api.removeLiftBank, { params: { id: b.id } }, token);
  const gateways = await consoleApi.call(api.listLiftGateways, {}, token);
  for (const g of gateways.filter((x) => x.name === names.gateway))
    await consoleApi.call(api.removeLiftGateway, { params: { id: g.id } }, token);
}

/** Chooses an option of an antd Select by its text (the open dropdown is outside the select). */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** Waits for the dialog or drawer around `inside` to finish its opening animation. */
export async function settled(inside: Locator): Promise<void> {
  await inside.evaluate(async (el) => {
    const root = el.closest('.ant-modal-root, .ant-drawer') ?? el;
    await Promise.all(root.getAnimations({ subtree: true }).map((a) => a.finished));
  });
}
