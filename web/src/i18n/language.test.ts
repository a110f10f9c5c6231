import { describe, expect, it } from 'vitest';
import { dayjsLocaleOf, normaliseLanguage } from './language';

describe('normaliseLanguage', () => {
  it.each([
    ['en', 'en'],
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh_TW', 'zh'],
    ['EN-us', 'en'],
    [' zh ', 'zh'],
    ['fr', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%s → %s', (code, expected) => {
    expect(normaliseLanguage(code)).toBe(expected);
  });
});

describe('dayjsLocaleOf', () => {
  it('maps zh to zh-cn and en to en', () => {
    expect(dayjsLocaleOf('zh')).toBe('zh-cn');
    expect(dayjsLocaleOf('en')).toBe('en');
  });
});
