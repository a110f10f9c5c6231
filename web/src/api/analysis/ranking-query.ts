import type { Api, RouteBody } from '@fleet/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

export type RankingBody = RouteBody<Api['analysisRanking']>;

/** Every figure per robot, building or model. */
export function useAnalysisRankingQuery(body: RankingBody | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.ranking(scope, body),
    queryFn:
      scope && body ? () => callApi(apiRoutes.analysisRanking, { body: body }, { quiet: true }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
