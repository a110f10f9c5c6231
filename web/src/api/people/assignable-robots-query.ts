import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

/**
 * The company's robots as choices for an assignment: name and serial only. The list call carries live
 * state too, which stays out of the cache (it changes every second and arrives over /live).
 */
export function useAssignableRobotsQuery(enabled: boolean) {
  const scope = useScope();
  return useQuery({
    queryKey: peopleKeys.assignableRobots(scope),
    queryFn: async () =>
      (await callApi(apiRoutes.listRobots)).map(({ id, name, serialNumber }) => ({ id, name, serialNumber })),
    enabled: enabled && scope !== undefined,
  });
}
