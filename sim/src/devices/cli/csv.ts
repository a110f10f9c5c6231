/** One record of a CSV file and the line it starts on (1-based), so a message can point at it. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export class CsvError extends Error {}

/**
 * Reads CSV as RFC 4180 writes it and spreadsheets export it: comma-separated, a field in double quotes may hold
 * commas, line breaks and `""` for a quote; CRLF or LF; a leading byte-order mark is skipped. Blank lines are
 * left out. Throws a CsvError naming the line of a quote that is never closed or of text after a closing quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const s = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    const blank = cells.length === 0 && cell === '' && !quoted;
    endCell();
    if (!blank) records.push({ line: start, cells });
    cells = [];
    quoted = false;
  };

  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '"' && cell === '' && !quoted) {
      quoted = true;
      const opened = line;
      i++;
      for (;;) {
        if (i >= s.length) throw new CsvError(`line ${opened}: a quoted field is never closed`);
        const q = s[i++];
        if (q === '"' && s[i] === '"') {
          cell += '"';
          i++;
        } else if (q === '"') {
          break;
        } else {
          if (q === '\n') line++;
          cell += q;
        }
      }
      const next = s[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
        throw new CsvError(`line ${line}: text after a closing quote`);
      continue;
    }
    if (c === ',') {
      endCell();
      quoted = false;
    } else if (c === '\n' || c === '\r') {
      endRecord();
      if (c === '\r' && s[i + 1] === '\n') i++;
      line++;
      start = line;
    } else {
      cell += c;
    }
    i++;
  }
  if (cell !== '' || cells.length > 0 || quoted) endRecord();
  return records;
}
