import { useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** Every search box asks 300 ms after typing stops, as the spec's search rule says. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What every paged, searchable table keeps; a screen may add its own filters and sort. */
export interface PagedSearchState {
  page: number;
  pageSize: number;
  /** Trimmed and debounced. */
  keyword: string;
}

export const FIRST_SEARCH_PAGE: PagedSearchState = { page: 1, pageSize: 20, keyword: '' };

/**
 * A table's page and search box: `typed` is the box as typed; `state.keyword` follows it trimmed, once typing
 * has stopped, and starts again at page 1. `update` changes the rest (a page, a filter, a sort).
 */
export function usePagedSearch<S extends PagedSearchState>(first: S) {
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<S>(first);

  useEffect(() => {
    setState((s) => (s.keyword === keyword ? s : { ...s, keyword, page: 1 }));
  }, [keyword]);

  return {
    typed,
    setTyped,
    state,
    update: (next: Partial<S>) => setState((s) => ({ ...s, ...next })),
  };
}

/**
 * The pager every paged table shows: the page and size it asked for, the server's total, a size changer and
 * "N items" in the screen's own words.
 */
export function pagerOf(
  at: Pick<PagedSearchState, 'page' | 'pageSize'>,
  total: number | undefined,
  totalText: (total: number) => string,
) {
  return {
    current: at.page,
    pageSize: at.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: totalText,
  };
}
