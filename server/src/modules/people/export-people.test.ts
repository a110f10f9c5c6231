import { describe, expect, it } from 'vitest';
import { csvField } from './export-people.js';

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
