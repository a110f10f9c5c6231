import { Readable } from 'node:stream';
import { CSV_INCOMPLETE_MARKER } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Quotes a CSV field; a leading = + - @ is defused so a spreadsheet never runs it as a formula, and a leading #
 * is quoted so no value can pass for the row that marks an incomplete file.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]|^#/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (fields: (string | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/**
 * A CSV file streamed from `rows` (UTF-8 with a byte-order mark so spreadsheet programs read names right). Once
 * the first byte has left, a failure can no longer change the status: the file then ends with a row that says
 * it is incomplete, and the failure is logged, so nobody takes a cut file for a whole one.
 */
export function csvStream(
  header: string[],
  rows: AsyncIterable<(string | null)[]>,
  log: FastifyBaseLogger,
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    try {
      for await (const row of rows) yield csvLine(row);
    } catch (err) {
      log.error({ err }, 'CSV export stopped before its end');
      yield `${CSV_INCOMPLETE_MARKER},The export stopped before its end; export again.\r\n`;
    }
  }
  return Readable.from(lines());
}
