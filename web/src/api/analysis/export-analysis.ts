import { EXPORT_ROWS_HEADER, type ExportAnalysisBody } from '@fleet/contract';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { saveCsv } from '../download-csv';

export interface ExportProgress {
  /** Bytes received. */
  loaded: number;
  /** Rows the server said the file holds, once its headers are in. */
  rows: number | null;
}

/**
 * Downloads an analysis export and hands it to the browser, reporting bytes as they arrive. A CSV the server could
 * not finish is not saved (saveCsv says so); an XLSX is whole or the call fails.
 */
export async function downloadAnalysisExport(
  body: ExportAnalysisBody,
  onProgress: (p: ExportProgress) => void,
): Promise<void> {
  const fallback = `analysis-${body.content}-${body.filter.from}-${body.filter.to}.${body.format}`;
  const answer = await callApi(
    apiRoutes.exportAnalysis,
    { body },
    {
      onDownloadProgress: (loaded, header) => {
        const rows = Number(header(EXPORT_ROWS_HEADER));
        onProgress({
          loaded,
          rows: Number.isFinite(rows) && header(EXPORT_ROWS_HEADER) !== null ? rows : null,
        });
      },
    },
  );
  await saveCsv(answer, fallback);
}
