import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('splits records on LF or CRLF and cells on commas, numbering records by the line they start on', () => {
    expect(parseCsv('name,password\r\nA,1\nB,2\n')).toEqual([
      { line: 1, cells: ['name', 'password'] },
      { line: 2, cells: ['A', '1'] },
      { line: 3, cells: ['B', '2'] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, and keeps counting lines', () => {
    expect(parseCsv('"a,b","say ""hi""","two\nlines"\nnext,"",x')).toEqual([
      { line: 1, cells: ['a,b', 'say "hi"', 'two\nlines'] },
      { line: 3, cells: ['next', '', 'x'] },
    ]);
  });

  it('skips a byte-order mark and blank lines, but not a line of one empty quoted field', () => {
    expect(parseCsv('\uFEFFa\n\n\r\nb\n""\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 4, cells: ['b'] },
      { line: 5, cells: [''] },
    ]);
  });

  it('keeps empty cells, the last one too, and a last record without a line break', () => {
    expect(parseCsv('a,,\n,b')).toEqual([
      { line: 1, cells: ['a', '', ''] },
      { line: 2, cells: ['', 'b'] },
    ]);
  });

  it.each([
    ['a\n"never closed\n', /^line 2: a quoted field is never closed$/],
    ['a\n"x"y,z', /^line 2: text after a closing quote$/],
  ])('names the line of %j', (text, error) => {
    expect(() => parseCsv(text)).toThrow(error);
  });
});
