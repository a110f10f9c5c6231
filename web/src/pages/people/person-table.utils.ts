import { PERSON_SORT_FIELDS, type Person, type Role } from '@fleet/contract';
import type { PeopleSearchBody } from '../../api/people/people-search-query';

export type PersonSortField = (typeof PERSON_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export interface PeopleTableState {
  page: number;
  pageSize: number;
  /** As typed; trimmed here. */
  keyword: string;
  role: Role | undefined;
  sortBy: PersonSortField | undefined;
  sortOrder: SortOrder | undefined;
}

export const FIRST_PAGE: Pick<PeopleTableState, 'page' | 'pageSize'> = { page: 1, pageSize: 20 };

/** The search call for the table's state: empty filters are left out rather than sent blank. */
export function peopleSearchBody(state: PeopleTableState): PeopleSearchBody {
  const keyword = state.keyword.trim();
  const requestData: NonNullable<PeopleSearchBody['requestData']> = {};
  if (keyword) requestData.keyword = keyword;
  if (state.role) requestData.role = state.role;
  if (state.sortBy && state.sortOrder) {
    requestData.sortBy = state.sortBy;
    requestData.sortOrder = state.sortOrder;
  }
  return { pageIndex: state.page, pageLength: state.pageSize, requestData };
}

/** antd's sorter (`columnKey`, `ascend`/`descend`/null) as the server's sort, or none. */
export function sortOfSorter(sorter: unknown): Pick<PeopleTableState, 'sortBy' | 'sortOrder'> {
  const one = (Array.isArray(sorter) ? sorter[0] : sorter) as
    | { columnKey?: unknown; order?: unknown }
    | undefined;
  const field = PERSON_SORT_FIELDS.find((f) => f === one?.columnKey);
  if (!field || (one?.order !== 'ascend' && one?.order !== 'descend')) {
    return { sortBy: undefined, sortOrder: undefined };
  }
  return { sortBy: field, sortOrder: one.order === 'ascend' ? 'asc' : 'desc' };
}

/** The table's sort arrow for a column. */
export function sorterOrderOf(state: PeopleTableState, field: PersonSortField): 'ascend' | 'descend' | null {
  if (state.sortBy !== field || !state.sortOrder) return null;
  return state.sortOrder === 'asc' ? 'ascend' : 'descend';
}

/** "+1 2025550101"; the "Other" prefix (-1) means the number carries its own country code. */
export function phoneText(p: Pick<Person, 'phonePrefix' | 'phoneNumber'>): string | undefined {
  if (!p.phoneNumber) return undefined;
  return p.phonePrefix && p.phonePrefix !== '-1' ? `${p.phonePrefix} ${p.phoneNumber}` : p.phoneNumber;
}

/** The names of a person's custom roles, in the list's order; ids of deleted roles are skipped. */
export function customRoleNames(ids: readonly string[], roles: ReadonlyMap<string, string>): string[] {
  return ids.flatMap((id) => {
    const name = roles.get(id);
    return name === undefined ? [] : [name];
  });
}
