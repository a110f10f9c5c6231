import { describe, expect, it } from 'vitest';
import { containsPattern, isUniqueViolation } from './sql-errors.js';

describe('containsPattern', () => {
  it.each([
    ['acme', '%acme%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%s → %s', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});

describe('isUniqueViolation', () => {
  it('finds the code anywhere in the cause chain', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('other', { cause: { code: '23503' } }))).toBe(false);
  });
});
