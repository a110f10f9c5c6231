import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearSessionStorage, readJson, readString, STORAGE_KEYS, writeValue } from './storage';

beforeEach(() => localStorage.clear());

describe('writeValue / readString / readJson', () => {
  it('stores strings raw and objects as JSON', () => {
    writeValue(localStorage, 'token', 'abc');
    writeValue(localStorage, 'openkeys', ['1']);
    expect(localStorage.getItem('token')).toBe('abc');
    expect(localStorage.getItem('openkeys')).toBe('["1"]');
  });

  it('removes the key when the value is null', () => {
    localStorage.setItem('token', 'abc');
    writeValue(localStorage, 'token', null);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['{"a":1}', { a: 1 }],
    ['{"a":"x"}', undefined],
    ['not json', undefined],
  ])('reads %s through the schema as %j', (raw, expected) => {
    localStorage.setItem('k', raw);
    expect(readJson(localStorage, 'k', z.object({ a: z.number() }))).toEqual(expected);
  });

  it('reads an absent key as null / undefined', () => {
    expect(readString(localStorage, 'nothing')).toBeNull();
    expect(readJson(localStorage, 'nothing', z.string())).toBeUndefined();
  });
});

describe('clearSessionStorage', () => {
  it('clears every key except cryptoKey', () => {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.setItem(key, 'x');
    localStorage.setItem('somethingElse', 'y');
    clearSessionStorage(localStorage);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('cryptoKey')).toBe('x');
  });
});
