import { api, type BuildingDetail } from '@fleet/contract';
import type { ConsoleApi } from '../support/api.js';

/** Removes the buildings a test made, by name, whatever state the test ended in. */
export async function removeBuildingsNamed(
  consoleApi: ConsoleApi,
  token: string,
  name: string,
): Promise<void> {
  const found = await consoleApi.call(
    api.searchBuildings,
    { body: { pageIndex: 1, pageLength: 20, requestData: { name } } },
    token,
  );
  for (const b of found.list.filter((x) => x.name === name)) {
    await consoleApi.call(api.removeBuilding, { params: { id: b.id } }, token);
  }
}

export function createBuilding(consoleApi: ConsoleApi, token: string, name: string): Promise<BuildingDetail> {
  return consoleApi.call(api.createBuilding, { body: { name, timeZone: 'UTC' } }, token);
}
