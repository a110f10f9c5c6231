import type { Role } from '@fleet/contract';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { FIRST_PAGE, type PeopleTableState, peopleSearchBody } from './person-table.utils';

/** Spec §9: a search box asks 300 ms after typing stops. */
export const PEOPLE_SEARCH_DEBOUNCE_MS = 300;

/** The table's page, sort and filters; a new keyword or role starts again at page 1. */
export function usePeopleTableState() {
  const [typed, setTyped] = useState('');
  const keyword = useDebouncedValue(typed.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<PeopleTableState>({
    ...FIRST_PAGE,
    keyword: '',
    role: undefined,
    sortBy: undefined,
    sortOrder: undefined,
  });

  useEffect(() => {
    setState((s) => (s.keyword === keyword ? s : { ...s, keyword, page: 1 }));
  }, [keyword]);

  return {
    typed,
    setTyped,
    state,
    body: peopleSearchBody(state),
    update: (next: Partial<PeopleTableState>) => setState((s) => ({ ...s, ...next })),
    setRole: (role: Role | undefined) => setState((s) => ({ ...s, role, page: 1 })),
  };
}
