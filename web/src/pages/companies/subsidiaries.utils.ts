import type { SubsidiarySearchBody } from '../../api/companies/subsidiaries-query';

export interface SubsidiaryListState {
  page: number;
  pageSize: number;
  /** Trimmed and debounced. */
  name: string;
}

export const FIRST_SUBSIDIARY_PAGE: SubsidiaryListState = { page: 1, pageSize: 20, name: '' };

export function subsidiarySearchBody(s: SubsidiaryListState): SubsidiarySearchBody {
  const name = s.name.trim();
  return { pageIndex: s.page, pageLength: s.pageSize, requestData: name ? { name } : {} };
}

/** Body field → form field, for the server's `body.<field>: reason` complaints. */
export const SUBSIDIARY_FORM_FIELDS: Readonly<Record<string, string>> = { name: 'name' };
