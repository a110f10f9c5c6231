import type { api, RouteQuery } from '@fleet/contract';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { saveCsv } from '../download-csv';

export type PeopleExportQuery = RouteQuery<typeof api.exportPeople>;

/** Asks the server for the people's CSV and hands it to the browser (see saveCsv). */
export async function downloadPeopleCsv(query: PeopleExportQuery, fallbackName: string): Promise<void> {
  await saveCsv(await callApi(apiRoutes.exportPeople, { query }), fallbackName);
}
