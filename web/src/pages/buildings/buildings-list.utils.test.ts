import { describe, expect, it } from 'vitest';
import { FIRST_SEARCH_PAGE } from '../../components/use-paged-search';
import { buildingSearchBody } from './buildings-list.utils';

describe('buildingSearchBody', () => {
  it.each([
    ['no name', FIRST_SEARCH_PAGE, { pageIndex: 1, pageLength: 20, requestData: {} }],
    [
      'blank name',
      { ...FIRST_SEARCH_PAGE, keyword: '  ' },
      { pageIndex: 1, pageLength: 20, requestData: {} },
    ],
    [
      'a trimmed name on page 3',
      { page: 3, pageSize: 50, keyword: ' Tower ' },
      { pageIndex: 3, pageLength: 50, requestData: { name: 'Tower' } },
    ],
  ] as const)('%s', (_, state, expected) => {
    expect(buildingSearchBody(state)).toEqual(expected);
  });
});
