import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { csvStream } from '../../../http/csv-stream.js';
import { csvFile } from './csv-file.js';
import type { ExportTable } from './export-tables.js';
import { xlsxStream } from './write-xlsx.js';

/* The files a table becomes read back as a spreadsheet program reads them, a failure half-way included. */

const log = pino({ level: 'silent' });
type Line = (string | number | null)[];

async function* lines(rows: Line[], failAfter?: number) {
  for (const [i, row] of rows.entries()) {
    if (i === failAfter) throw new Error('the database went away');
    yield row;
  }
}

const table = (rows: Line[], failAfter?: number): ExportTable => ({
  sheet: 'Tasks',
  header: ['Robot', 'Building', 'Duration (min)', 'Error codes'],
  rows: rows.length,
  lines: lines(rows, failAfter),
});

async function readBack(t: ExportTable) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await buffer(xlsxStream(t, log))) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('xlsxStream', () => {
  it('writes the header bold and frozen, text as text, numbers as numbers, empty cells empty', async () => {
    const sheet = await readBack(
      table([
        ['Courier 1', 'Acme Tower', 12.5, ''],
        ['=HYPERLINK("x")', null, 3, 'bumperHit wheelSlip'],
        ['A & B <c> "d" \u0001', ' padded ', 0, null],
      ]),
    );
    expect(sheet.name).toBe('Tasks');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getColumn(3).width).toBe(16);
    expect(sheet.getColumn(1).width).toBe(10);
    const values = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(values).toEqual([
      ['Robot', 'Building', 'Duration (min)', 'Error codes'],
      ['Courier 1', 'Acme Tower', 12.5],
      ['=HYPERLINK("x")', undefined, 3, 'bumperHit wheelSlip'],
      ['A & B <c> "d" ', ' padded ', 0],
    ]);
  });

  it('holds every row of a large table', async () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i): Line => [`Robot ${i}`, `Building ${i % 7}`, i / 10, null],
    );
    const sheet = await readBack(table(rows));
    expect(sheet.rowCount).toBe(20_001);
    expect(sheet.getRow(20_001).values).toEqual([undefined, 'Robot 19999', 'Building 0', 1999.9]);
  });

  it('ends with a row saying so when the rows stop coming', async () => {
    const rows: Line[] = [
      ['a', 'b', 1, null],
      ['c', 'd', 2, null],
    ];
    const sheet = await readBack(table(rows, 1));
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(1).value).toBe('#EXPORT-INCOMPLETE');
  });
});

describe('csvFile', () => {
  const rows = Array.from({ length: 3000 }, (_, i): Line => [`=Robot, ${i}`, null, i / 3, '#x "y"']);
  const asText = async function* (t: ExportTable) {
    for await (const l of t.lines) yield l.map((v) => (v === null ? null : String(v)));
  };

  it('writes the same bytes as csvStream', async () => {
    const t = table(rows);
    const expected = await buffer(csvStream(t.header, asText(table(rows)), log));
    expect(await buffer(csvFile(t.header, t.lines, log))).toEqual(expected);
  });

  it('writes the same bytes as csvStream when the rows stop coming', async () => {
    const expected = await buffer(csvStream(table(rows).header, asText(table(rows, 2500)), log));
    expect(await buffer(csvFile(table(rows).header, table(rows, 2500).lines, log))).toEqual(expected);
  });
});

describe('an abandoned XLSX download', () => {
  it('stops reading the rows', async () => {
    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield [`Robot ${i}`, 'Tower', i, null] as Line;
      } finally {
        closed = true;
      }
    }
    const file = xlsxStream({ sheet: 'Tasks', header: ['a', 'b', 'c', 'd'], rows: 0, lines: endless() }, log);
    // Well into the sheet: its rows are being read.
    let bytes = 0;
    await new Promise<void>((resolve) =>
      file.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > 200_000) resolve();
      }),
    );
    file.destroy();
    await expect.poll(() => closed).toBe(true);
  });
});
