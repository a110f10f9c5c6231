import type { Api, RouteBody } from '@fleet/contract';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisKeys } from './keys';

export type TasksBody = RouteBody<Api['analysisTasks']>;

/** One page of the tasks behind a clicked figure, newest first. */
export function useAnalysisTasksQuery(body: TasksBody | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: analysisKeys.tasks(scope, body),
    queryFn:
      scope && body ? () => callApi(apiRoutes.analysisTasks, { body: body }, { quiet: true }) : skipToken,
    placeholderData: keepPreviousData,
  });
}
