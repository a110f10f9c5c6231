import type { BuildingSearchBody } from '../../api/buildings/buildings-search-query';

export interface BuildingListState {
  page: number;
  pageSize: number;
  /** Trimmed and debounced. */
  name: string;
}

export const FIRST_BUILDING_PAGE: BuildingListState = { page: 1, pageSize: 20, name: '' };

/** Spec §9: a search box asks 300 ms after typing stops. */
export const BUILDING_SEARCH_DEBOUNCE_MS = 300;

export function buildingSearchBody(s: BuildingListState): BuildingSearchBody {
  const name = s.name.trim();
  return { pageIndex: s.page, pageLength: s.pageSize, requestData: name ? { name } : {} };
}
