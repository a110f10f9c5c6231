import { describe, expect, it } from 'vitest';
import { FIRST_SEARCH_PAGE } from '../../components/use-paged-search';
import { subsidiarySearchBody } from './subsidiaries.utils';

describe('subsidiarySearchBody', () => {
  it.each([
    ['no name', FIRST_SEARCH_PAGE, { pageIndex: 1, pageLength: 20, requestData: {} }],
    [
      'blank name',
      { ...FIRST_SEARCH_PAGE, keyword: '   ' },
      { pageIndex: 1, pageLength: 20, requestData: {} },
    ],
    [
      'a name on page 2',
      { page: 2, pageSize: 10, keyword: ' east ' },
      { pageIndex: 2, pageLength: 10, requestData: { name: 'east' } },
    ],
  ] as const)('%s', (_, state, expected) => {
    expect(subsidiarySearchBody(state)).toEqual(expected);
  });
});
