import { describe, expect, it } from 'vitest';
import { isIncompleteCsv } from './download-csv';

describe('isIncompleteCsv', () => {
  it.each([
    ['a whole file', '\uFEFFName\r\nAda\r\n', false],
    [
      'a file the server could not finish',
      '\uFEFFName\r\nAda\r\n#EXPORT-INCOMPLETE,The export stopped before its end; export again.\r\n',
      true,
    ],
    [
      'a person named like the marker (the server quotes a value starting with #)',
      '\uFEFFName,Note\r\n"#EXPORT-INCOMPLETE",x\r\n',
      false,
    ],
  ])('%s', async (_, text, incomplete) => {
    expect(await isIncompleteCsv(new Blob([text]))).toBe(incomplete);
  });
});
