import type { Api, RouteBody } from '@fleet/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

export type StatesBody = RouteBody<Api['analysisStates']>;

/** One page of robots, each with one day's timeline of states on its building's clock. */
export function useAnalysisStatesQuery(body: StatesBody | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.states(scope, body),
    queryFn:
      scope && body ? () => callApi(apiRoutes.analysisStates, { body: body }, { quiet: true }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
