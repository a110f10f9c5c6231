import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SEARCH_PAGE, pagerOf, SEARCH_DEBOUNCE_MS, usePagedSearch } from './use-paged-search';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function render<S extends typeof FIRST_SEARCH_PAGE>(first: S) {
  return renderHook(() => usePagedSearch(first)).result;
}

describe('usePagedSearch', () => {
  it('starts on the first page with no keyword', () => {
    const result = render(FIRST_SEARCH_PAGE);
    expect(result.current.typed).toBe('');
    expect(result.current.state).toEqual({ page: 1, pageSize: 20, keyword: '' });
  });

  it('searches the trimmed text once typing stops, from page 1', () => {
    const result = render(FIRST_SEARCH_PAGE);
    act(() => result.current.update({ page: 4, pageSize: 50 }));
    act(() => result.current.setTyped(' to'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setTyped(' tower '));
    expect(result.current.typed).toBe(' tower ');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current.state).toEqual({ page: 4, pageSize: 50, keyword: '' });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.state).toEqual({ page: 1, pageSize: 50, keyword: 'tower' });
  });

  it('keeps the page when only spaces were added', () => {
    const result = render(FIRST_SEARCH_PAGE);
    act(() => result.current.setTyped('east'));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    act(() => result.current.update({ page: 3 }));
    act(() => result.current.setTyped('east  '));
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.state).toEqual({ page: 3, pageSize: 20, keyword: 'east' });
  });

  it("keeps a screen's own filters and changes only what update names", () => {
    const result = render({ ...FIRST_SEARCH_PAGE, role: undefined as string | undefined });
    act(() => result.current.update({ role: 'admin', page: 1 }));
    act(() => result.current.update({ page: 2 }));
    expect(result.current.state).toEqual({ page: 2, pageSize: 20, keyword: '', role: 'admin' });
  });
});

describe('pagerOf', () => {
  it('shows the page asked for, the server total (0 before it answers) and the total in words', () => {
    const pager = pagerOf({ page: 3, pageSize: 50 }, undefined, (n) => `${n} items`);
    expect(pager).toMatchObject({ current: 3, pageSize: 50, total: 0, showSizeChanger: true });
    expect(pagerOf({ page: 1, pageSize: 20 }, 42, (n) => `${n} items`).showTotal(42)).toBe('42 items');
  });
});
