import { CSV_INCOMPLETE_MARKER } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { csvField, csvStream } from './csv-stream.js';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['with,comma', '"with,comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1 555', "'+1 555"],
    ['@cmd', "'@cmd"],
    [null, ''],
  ])('%j → %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });
});

describe('csvStream', () => {
  const silent = { error: () => undefined } as unknown as Parameters<typeof csvStream>[2];
  const read = async (stream: NodeJS.ReadableStream) => {
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    return text;
  };

  it('quotes a value starting with #, so none can pass for the incomplete-file row', () => {
    expect(csvField(`${CSV_INCOMPLETE_MARKER}`)).toBe(`"${CSV_INCOMPLETE_MARKER}"`);
  });

  it('writes a byte-order mark, the header and every row', async () => {
    async function* rows() {
      yield ['Ada', '=1+1'];
    }
    expect(await read(csvStream(['Name', 'Note'], rows(), silent))).toBe("\uFEFFName,Note\r\nAda,'=1+1\r\n");
  });

  it('a failure after the first byte ends the file with a row saying it is incomplete, and is logged', async () => {
    const logged: unknown[] = [];
    const log = { error: (o: unknown) => logged.push(o) } as unknown as Parameters<typeof csvStream>[2];
    async function* rows() {
      yield ['Ada', 'first page'];
      throw new Error('Connection terminated');
    }
    const text = await read(csvStream(['Name', 'Note'], rows(), log));
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('Ada,first page');
    expect(lines[2]).toBe(`${CSV_INCOMPLETE_MARKER},The export stopped before its end; export again.`);
    expect(logged).toHaveLength(1);
  });
});
