import type { Api, GroupRobot, PageResult, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import type { RefreshOf } from './groups-query';
import { audioKeys } from './keys';

export type GroupRobotsBody = RouteBody<Api['audioGroupRobots']>;

/** A page of a group's target robots with where each is with it; asked again every `refreshMs`. */
export function useAudioGroupRobotsQuery(
  body: GroupRobotsBody,
  refreshMs: RefreshOf<PageResult<GroupRobot>>,
) {
  const scope = useScope();
  return useQuery({
    queryKey: audioKeys.groupRobots(scope, body),
    // A group deleted meanwhile (elsewhere) is the detail screen's to say, not a toast's.
    queryFn: () => callApi(apiRoutes.audioGroupRobots, { body }, { quiet: ['NOT_FOUND'] }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshMs(query.state.data),
  });
}
