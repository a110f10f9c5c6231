import { describe, expect, it } from 'vitest';
import { linkPreferences } from './link-preferences';

describe('APPS-MOBILE: a link’s language and region', () => {
  it('are read from the query, the language by its first part', () => {
    expect(linkPreferences('?lng=zh-CN&region=EU')).toEqual({ lng: 'zh', region: 'EU' });
  });

  it('are left out when absent or unknown', () => {
    expect(linkPreferences('?lng=fr&region=')).toEqual({});
    expect(linkPreferences('')).toEqual({});
  });
});
