import type { Api, AudioGroup, PageResult, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { audioKeys } from './keys';

export type GroupSearchBody = RouteBody<Api['searchAudioGroups']>;

/** One page of voice packs and playlists with their versions and robots' progress. */
/** How often to ask again, from the last answer (robots on their way are followed closely). */
export type RefreshOf<T> = (data: T | undefined) => number | false;

export function useAudioGroupsQuery(body: GroupSearchBody, refreshMs: RefreshOf<PageResult<AudioGroup>>) {
  const scope = useScope();
  return useQuery({
    queryKey: audioKeys.groupSearch(scope, body),
    queryFn: () => callApi(apiRoutes.searchAudioGroups, { body }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshMs(query.state.data),
  });
}

/** One group: its draft, versions and robots' progress. A group that is not (or no longer) there is quiet. */
export function useAudioGroupQuery(id: string | undefined, refreshMs: RefreshOf<AudioGroup>) {
  const scope = useScope();
  return useQuery({
    queryKey: audioKeys.group(scope, id ?? ''),
    queryFn: () => callApi(apiRoutes.getAudioGroup, { params: { id: id ?? '' } }, { quiet: ['NOT_FOUND'] }),
    enabled: scope !== undefined && !!id,
    refetchInterval: (query) => refreshMs(query.state.data),
  });
}
