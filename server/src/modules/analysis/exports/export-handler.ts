import type { Readable } from 'node:stream';
import { EXPORT_ROWS_HEADER, type ExportAnalysisBody, type ExportFormat } from '@fleet/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Session } from '../../../auth/sessions.js';
import type { Services } from '../../../services.js';
import { csvFile } from './csv-file.js';
import { type ExportTable, exportTable } from './export-tables.js';
import { xlsxStream } from './write-xlsx.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The figures or tasks as a file, streamed; the header says how many rows are coming. */
export async function exportAnalysis(
  services: Services,
  session: Session,
  body: ExportAnalysisBody,
  reply: FastifyReply,
): Promise<Readable> {
  const table = await exportTable(services, session, body);
  const name = `analysis-${body.content}-${body.filter.from}-${body.filter.to}.${body.format}`;
  reply
    .header('content-type', body.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header(EXPORT_ROWS_HEADER, String(table.rows))
    .header('access-control-expose-headers', EXPORT_ROWS_HEADER);
  return tableStream(table, body.format, services.log);
}

/** A table as a file stream of a format. */
export function tableStream(table: ExportTable, format: ExportFormat, log: FastifyBaseLogger): Readable {
  return format === 'csv' ? csvFile(table.header, table.lines, log) : xlsxStream(table, log);
}
