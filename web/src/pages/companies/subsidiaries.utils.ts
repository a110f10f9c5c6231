import type { SubsidiarySearchBody } from '../../api/companies/subsidiaries-query';
import type { PagedSearchState } from '../../components/use-paged-search';

export function subsidiarySearchBody(s: PagedSearchState): SubsidiarySearchBody {
  const name = s.keyword.trim();
  return { pageIndex: s.page, pageLength: s.pageSize, requestData: name ? { name } : {} };
}

/** Body field → form field, for the server's `body.<field>: reason` complaints. */
export const SUBSIDIARY_FORM_FIELDS: Readonly<Record<string, string>> = { name: 'name' };
