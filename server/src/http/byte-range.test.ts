import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.js';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-500', { start: 500, end: 999 }],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['Bytes=10-19', { start: 10, end: 19 }],
    [' bytes=10-19 ', { start: 10, end: 19 }],
  ])('%j of 1000 bytes → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0'])('%j of 1000 bytes is unsatisfiable', (header) => {
    expect(parseRange(header, 1000)).toBe('unsatisfiable');
  });

  it.each([
    undefined,
    '',
    'bytes=0-9,20-29',
    'items=0-9',
    'bytes=9-0',
    'bytes=-',
    'bytes=a-b',
    'bytes=0-9 junk',
    'bytes 0-9',
  ])('%j means the whole object', (header) => {
    expect(parseRange(header, 1000)).toBeNull();
  });

  it('of an empty object: any start is past the end, and a suffix selects the whole (empty) object', () => {
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-10', 0)).toBeNull();
  });

  it('takes numbers beyond any file size without failing', () => {
    expect(parseRange('bytes=0-99999999999999999999', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=99999999999999999999-', 10)).toBe('unsatisfiable');
  });
});
