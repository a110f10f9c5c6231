import type { AudioGroupKind } from '@fleet/contract';
import type { ClipSearchBody } from '../../api/audio/clips-query';
import type { GroupSearchBody } from '../../api/audio/groups-query';
import type { PagedSearchState } from '../../components/use-paged-search';

export interface GroupListState extends PagedSearchState {
  kind: AudioGroupKind | undefined;
}

export const FIRST_GROUP_PAGE: GroupListState = { page: 1, pageSize: 20, keyword: '', kind: undefined };

export function groupSearchBody(s: GroupListState): GroupSearchBody {
  const requestData = { ...(s.keyword ? { name: s.keyword } : {}), ...(s.kind ? { kind: s.kind } : {}) };
  return {
    pageIndex: s.page,
    pageLength: s.pageSize,
    ...(Object.keys(requestData).length ? { requestData } : {}),
  };
}

export interface ClipListState extends PagedSearchState {
  purpose: 'prompt' | 'playlist' | undefined;
}

export const FIRST_CLIP_PAGE: ClipListState = { page: 1, pageSize: 20, keyword: '', purpose: undefined };

export function clipSearchBody(s: ClipListState): ClipSearchBody {
  const requestData = {
    ...(s.keyword ? { name: s.keyword } : {}),
    ...(s.purpose ? { purpose: s.purpose } : {}),
  };
  return {
    pageIndex: s.page,
    pageLength: s.pageSize,
    ...(Object.keys(requestData).length ? { requestData } : {}),
  };
}

export const isFiltered = (s: GroupListState | ClipListState) =>
  !!(s.keyword || ('kind' in s && s.kind) || ('purpose' in s && s.purpose));

/** "Copy of Lobby pack", kept within the 80 characters a group name may have. */
export function copyName(name: string, template: (name: string) => string, max = 80): string {
  const full = template(name);
  if (full.length <= max) return full;
  const overflow = full.length - max;
  return template(`${name.slice(0, Math.max(1, name.length - overflow - 1))}…`).slice(0, max);
}

/** The detail screen of one group: the spec's route has no id, so it rides in the query. */
export const detailPath = (groupId: string) => `/audio/detail?id=${encodeURIComponent(groupId)}`;

/** The list screen, on one of its tabs (the groups' is the default). */
export const listPath = (tab?: 'clips' | 'rules') => (tab ? `/audio/group?tab=${tab}` : '/audio/group');
