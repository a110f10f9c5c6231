import { Readable } from 'node:stream';
import { CSV_INCOMPLETE_MARKER } from '@fleet/contract';
import archiver from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { ExportTable } from './export-tables.js';

/*
 * An XLSX file streamed as it is written: one sheet of inline strings and numbers (no shared strings, so memory
 * stays flat whatever the number of rows), the header bold and frozen, zipped by archiver as it comes. The sheet's
 * XML is written here directly: exceljs's streaming writer spent about a millisecond a row on styles and XML
 * nodes, a quarter of an hour for a million tasks. A failure half-way ends the sheet with a row saying so (the status has left already), like the
 * CSV export.
 */

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Text of about this many characters goes to the compressor at once. */
const PIECE = 64 * 1024;

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
/** Style 0 plain, style 1 bold (the header). */
const STYLES = `${XML}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const workbook = (sheet: string) =>
  `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold are what it finds
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text as XML: the five entities escaped, characters XML cannot hold dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A (zero-based) column's letters: A … Z, AA … */
function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

type Cell = string | number | null;

/** One row's XML: numbers as numbers, text inline, empty cells (null, '') left out. */
function rowXml(r: number, cells: readonly Cell[], columns: readonly string[], style = ''): string {
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === null || v === undefined || v === '') continue;
    const ref = `${columns[i] ?? columnName(i)}${r}`;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) xml += `<c r="${ref}"${style}><v>${v}</v></c>`;
    } else {
      const space = v !== v.trim() ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeXml(v)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}

async function* sheetXml(table: ExportTable, log: FastifyBaseLogger): AsyncIterable<string> {
  const columns = table.header.map((_, i) => columnName(i));
  const widths = table.header
    .map(
      (h, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${Math.min(40, Math.max(10, h.length + 2))}" customWidth="1"/>`,
    )
    .join('');
  yield `${XML}<worksheet xmlns="${NS}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>${rowXml(1, table.header, columns, ' s="1"')}`;
  let r = 1;
  let piece = '';
  try {
    for await (const line of table.lines) {
      piece += rowXml(++r, line, columns);
      if (piece.length >= PIECE) {
        yield piece;
        piece = '';
      }
    }
  } catch (err) {
    log.error({ err }, 'XLSX export stopped before its end');
    piece += rowXml(
      ++r,
      [CSV_INCOMPLETE_MARKER, 'The export stopped before its end; export again.'],
      columns,
    );
  }
  yield `${piece}</sheetData></worksheet>`;
}

export function xlsxStream(table: ExportTable, log: FastifyBaseLogger): Readable {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const sheet = Readable.from(sheetXml(table, log));
  // An abandoned download stops the rows too (their query's cursor is closed).
  zip.once('close', () => sheet.destroy());
  zip.on('error', (err) => {
    log.error({ err }, 'XLSX export failed');
    sheet.destroy();
  });
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
  zip.append(ROOT_RELS, { name: '_rels/.rels' });
  zip.append(workbook(table.sheet.slice(0, 31)), { name: 'xl/workbook.xml' });
  zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
  zip.append(STYLES, { name: 'xl/styles.xml' });
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  void zip.finalize().catch(() => undefined);
  return zip;
}
