import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  findDisallowedText,
  isAllowedText,
  NOT_ALLOWED_CHARACTER,
  rawText,
  text,
  visibleLength,
} from './text.js';

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('isAllowedText', () => {
  it.each([
    ['plain', 'Acme Tower', true],
    ['Chinese', '阿克米大厦', true],
    ['an emoji (a surrogate pair)', 'Robot 😀', true],
    ['a family emoji (joined pairs)', '👨‍👩‍👧‍👦', true],
    ['a tab and a newline', 'a\tb\nc', true],
    ['NUL', 'a\u0000b', false],
    ['a lone high surrogate', '\ud800', false],
    ['a lone low surrogate', 'x\udc00', false],
    ['a high surrogate at the end', 'abc\ud83d', false],
    ['two high surrogates', '\ud83d\ud83d\ude00', false],
  ])('%s', (_, value, allowed) => {
    expect(isAllowedText(value)).toBe(allowed);
  });
});

describe('text()', () => {
  const name = text({ min: 1, max: 5 });

  it('refuses NUL and lone surrogates naming the reason, before any other check', () => {
    expect(issues(name, 'a\u0000b')).toEqual([NOT_ALLOWED_CHARACTER]);
    expect(issues(name, '\ud800'.repeat(10))).toEqual([NOT_ALLOWED_CHARACTER]);
  });

  it('trims and normalises to NFC, so one name typed two ways is one name', () => {
    const composed = name.parse('  é ');
    const decomposed = name.parse('e\u0301');
    expect(composed).toBe('é');
    expect(decomposed).toBe(composed);
  });

  it('counts characters as a user sees them', () => {
    expect(visibleLength('👨‍👩‍👧‍👦👨‍👩‍👧‍👦')).toBe(2);
    expect(name.parse('👨‍👩‍👧‍👦'.repeat(5))).toHaveLength(55);
    expect(issues(name, '👨‍👩‍👧‍👦'.repeat(6))).toEqual(['at most 5 characters']);
    expect(issues(name, 'abcdef')).toEqual(['at most 5 characters']);
  });

  it('says "required" for an empty or blank value when a minimum is set', () => {
    expect(issues(name, '')).toEqual(['required']);
    expect(issues(name, '   ')).toEqual(['required']);
    expect(text({ max: 5 }).parse('  ')).toBe('');
  });

  it('stays a string schema that can be made optional', () => {
    const body = z.object({ name: name.optional() });
    expect(body.parse({})).toEqual({});
    expect(issues(body, { name: 7 })[0]).toMatch(/expected string/);
  });
});

describe('rawText()', () => {
  it('keeps the value as sent but refuses what the database cannot store', () => {
    expect(rawText(10).parse('  a b  ')).toBe('  a b  ');
    expect(issues(rawText(10), 'a\u0000')).toEqual([NOT_ALLOWED_CHARACTER]);
    expect(issues(rawText(3), 'abcd')).toEqual(['at most 3 characters']);
  });
});

describe('findDisallowedText', () => {
  it.each([
    ['a clean body', { name: 'a', list: ['b', { c: 'd' }], n: 1, ok: true, none: null }, null],
    ['a top-level string', 'a\u0000', []],
    ['a field', { name: 'a\u0000b' }, ['name']],
    ['a nested array item', { list: ['ok', { label: '\ud800' }] }, ['list', 1, 'label']],
    ['an object key', { 'k\u0000': 1 }, ['k\u0000']],
  ])('%s', (_, value, path) => {
    expect(findDisallowedText(value)).toEqual(path);
  });
});
