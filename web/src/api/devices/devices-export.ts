import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { saveCsv } from '../download-csv';

/** Asks the server for the devices' CSV and hands it to the browser (see saveCsv). */
export async function downloadDevicesCsv(fallbackName: string): Promise<void> {
  await saveCsv(await callApi(apiRoutes.exportMiniDevices), fallbackName);
}
