import { type Api, PAGE_LENGTH_MAX, type RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { audioKeys } from './keys';

export type ClipSearchBody = RouteBody<Api['searchAudioClips']>;

/** One page of the company's clips, newest first, each with the groups that use it. */
export function useAudioClipsQuery(body: ClipSearchBody) {
  const scope = useScope();
  return useQuery({
    queryKey: audioKeys.clipSearch(scope, body),
    queryFn: () => callApi(apiRoutes.searchAudioClips, { body }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The clips a slot, a playlist or "play now" can choose from: the newest PAGE_LENGTH_MAX. */
export function useAudioClipChoicesQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: audioKeys.clipChoices(scope),
    queryFn: async () =>
      (await callApi(apiRoutes.searchAudioClips, { body: { pageIndex: 1, pageLength: PAGE_LENGTH_MAX } }))
        .list,
    enabled: scope !== undefined,
    staleTime: 30_000,
  });
}
