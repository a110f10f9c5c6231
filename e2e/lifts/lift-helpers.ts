import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { api, liftAdapter, liftPolicy } from '@fleet/contract';
import type { Locator, Page } from '@playwright/test';
import type { ConsoleApi } from '../support/api.js';
import { settled } from '../support/motion.js';

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
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first();
  // The list has slid into place: the click lands on the option, not where it was drawn a frame before.
  await settled(item);
  await item.click();
}

/**
 * A bank in Acme Tower on a gateway of its own, with one lift serving the lobby ("0") and floor 12 ("12") at its
 * front door, its landings in the middle of each floor's map: what a test of a configured lift starts from.
 */
export async function liftInAcmeTower(
  consoleApi: ConsoleApi,
  token: string,
  names: { bank: string; gateway: string; lift: string; gatewayLiftName: string },
  /** No robot of the demo's models may ride it: a demo courier must never pick a test's lift. */
  policy = liftPolicy.parse({ allowedModels: ['e2e-no-such-model'] }),
) {
  const registered = await consoleApi.call(api.registerLiftGateway, { body: { name: names.gateway } }, token);
  const found = await consoleApi.call(
    api.searchBuildings,
    { body: { pageIndex: 1, pageLength: 10, requestData: { name: 'Acme Tower' } } },
    token,
  );
  const building = found.list.find((b) => b.name === 'Acme Tower');
  if (!building) throw new Error('the demo has no Acme Tower');
  const detail = await consoleApi.call(api.getBuilding, { params: { id: building.id } }, token);
  const floors = ['Lobby', 'Floor 12'].map((name) => {
    const floor = detail.floors.find((f) => f.name === name);
    const b = floor?.map?.bounds;
    if (!floor || !b) throw new Error(`Acme Tower has no mapped ${name}`);
    return { id: floor.id, x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
  });
  const bank = await consoleApi.call(
    api.createLiftBank,
    {
      body: {
        buildingId: building.id,
        name: names.bank,
        vendor: 'simulated',
        gatewayId: registered.gateway.id,
        adapter: liftAdapter.parse({}),
        policy,
      },
    },
    token,
  );
  const lift = await consoleApi.call(
    api.createLift,
    {
      body: {
        bankId: bank.id,
        name: names.lift,
        gatewayLiftName: names.gatewayLiftName,
        doorSides: ['front'],
        servedFloorIds: floors.map((f) => f.id),
        landings: floors.map((f, i) => ({
          floorId: f.id,
          side: 'front' as const,
          floorCode: i === 0 ? '0' : '12',
          outside: { x: f.x, y: f.y, theta: 0 },
          inside: { x: f.x, y: f.y + 1, theta: 0 },
        })),
        maxRobots: 1,
      },
    },
    token,
  );
  return { building, bank, lift, credentials: registered.credentials };
}

/**
 * Takes a demo robot for the calling test alone: `release` gives it back; null when another test has it now.
 * Tests run side by side in two workers against one server (a spec's repeats too): two of them sending the same
 * courier somewhere would each replace the other's ride, and force-release a car the other's ride holds. The
 * claim is a file made exclusively in the run's data directory, which every worker of the run shares.
 */
export function claimRobot(robotId: string): { release(): void } | null {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  const dir = path.join(dataDir, 'e2e-claims');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, robotId);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  return { release: () => rmSync(file, { force: true }) };
}
