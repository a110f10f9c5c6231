import { describe, expect, it } from 'vitest';
import {
  clipSearchBody,
  copyName,
  detailPath,
  FIRST_CLIP_PAGE,
  FIRST_GROUP_PAGE,
  groupSearchBody,
  isFiltered,
  listPath,
} from './group-list.utils';

describe('search bodies', () => {
  it('ask only for the filters that are set', () => {
    expect(groupSearchBody(FIRST_GROUP_PAGE)).toEqual({ pageIndex: 1, pageLength: 20 });
    expect(groupSearchBody({ ...FIRST_GROUP_PAGE, page: 3, keyword: 'lobby', kind: 'playlist' })).toEqual({
      pageIndex: 3,
      pageLength: 20,
      requestData: { name: 'lobby', kind: 'playlist' },
    });
    expect(clipSearchBody({ ...FIRST_CLIP_PAGE, purpose: 'prompt' })).toEqual({
      pageIndex: 1,
      pageLength: 20,
      requestData: { purpose: 'prompt' },
    });
    expect(isFiltered(FIRST_GROUP_PAGE)).toBe(false);
    expect(isFiltered({ ...FIRST_CLIP_PAGE, purpose: 'playlist' })).toBe(true);
  });
});

describe('paths', () => {
  it('put the group in the query, as the spec’s route has no id', () => {
    expect(detailPath('a b')).toBe('/audio/detail?id=a%20b');
    expect(listPath()).toBe('/audio/group');
    expect(listPath('clips')).toBe('/audio/group?tab=clips');
  });
});

describe('copyName', () => {
  const template = (name: string) => `Copy of ${name}`;
  it('names a copy, kept within the cap', () => {
    expect(copyName('Lobby pack', template)).toBe('Copy of Lobby pack');
    const long = copyName('x'.repeat(80), template, 80);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.startsWith('Copy of x')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });
});
