import type { BuildingSearchBody } from '../../api/buildings/buildings-search-query';
import type { PagedSearchState } from '../../components/use-paged-search';

export function buildingSearchBody(s: PagedSearchState): BuildingSearchBody {
  const name = s.keyword.trim();
  return { pageIndex: s.page, pageLength: s.pageSize, requestData: name ? { name } : {} };
}
