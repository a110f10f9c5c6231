import type { ExportContent, ExportFormat } from '@fleet/contract';

/** About how many bytes a row takes in each file (measured on the demo's exports): a guess of the whole size. */
const BYTES_PER_ROW: Record<ExportContent, Record<ExportFormat, number>> = {
  tasks: { csv: 190, xlsx: 110 },
  ranking: { csv: 260, xlsx: 200 },
  trend: { csv: 200, xlsx: 160 },
};

/**
 * How far an export is, in percent: bytes received against the size its row count suggests, held below 99 until
 * the file is whole (the guess may be short), null before the row count is known.
 */
export function exportPercent(
  content: ExportContent,
  format: ExportFormat,
  loaded: number,
  rows: number | null,
): number | null {
  if (rows === null) return null;
  const expected = Math.max(1, rows) * BYTES_PER_ROW[content][format] + 1024;
  return Math.min(99, Math.floor((loaded / expected) * 100));
}

/** Bytes as the progress line shows them: kB below a megabyte, MB with one decimal above. */
export function sizeText(bytes: number, locale: string): string {
  const n = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return bytes < 1_000_000 ? `${n.format(Math.ceil(bytes / 1000))} kB` : `${n.format(bytes / 1_000_000)} MB`;
}
