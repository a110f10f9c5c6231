import type { Role } from '@fleet/contract';
import { usePagedSearch } from '../../components/use-paged-search';
import { FIRST_PAGE, type PeopleTableState, peopleSearchBody } from './person-table.utils';

const FIRST_PEOPLE_PAGE: PeopleTableState = {
  ...FIRST_PAGE,
  keyword: '',
  role: undefined,
  sortBy: undefined,
  sortOrder: undefined,
};

/** The table's page, sort and filters; a new keyword or role starts again at page 1. */
export function usePeopleTableState() {
  const search = usePagedSearch(FIRST_PEOPLE_PAGE);
  return {
    ...search,
    body: peopleSearchBody(search.state),
    setRole: (role: Role | undefined) => search.update({ role, page: 1 }),
  };
}
