import type { api, RouteQuery } from '@fleet/contract';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';

export type PeopleExportQuery = RouteQuery<typeof api.exportPeople>;

/** Asks the server for the CSV and hands it to the browser under the server's file name. */
export async function downloadPeopleCsv(query: PeopleExportQuery, fallbackName: string): Promise<void> {
  const { body, fileName } = await callApi(apiRoutes.exportPeople, { query });
  const url = URL.createObjectURL(body);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName || fallbackName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download manager; the URL itself is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
