import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { robotKeys } from './keys';

/** The company's robots' names by id, for screens that show robots by id (the lifts' riders). */
export function useRobotNamesQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: robotKeys.names(scope),
    queryFn: async () => new Map((await callApi(apiRoutes.listRobots)).map((r) => [r.id, r.name] as const)),
    enabled: scope !== undefined,
    staleTime: 60_000,
  });
}
