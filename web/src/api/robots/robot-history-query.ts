import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { robotKeys } from './keys';

/** The robot's last hours for the drawer's chart; a minute old is recent enough for a 24 h view. */
export function useRobotHistoryQuery(robotId: string, hours = 24) {
  const scope = useScope();
  return useQuery({
    queryKey: robotKeys.history(scope, robotId, hours),
    queryFn: () => callApi(api.robotHistory, { params: { id: robotId }, query: { hours } }),
    enabled: scope !== undefined,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
