import type { RobotCommand } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { robotKeys } from './keys';

const UNFINISHED: ReadonlySet<RobotCommand['status']> = new Set(['sent', 'running']);

/**
 * The robot's latest commands. While one is still under way its progress is asked again every second; the
 * drawer also refreshes it when the robot's live action states change.
 */
export function useRobotCommandsQuery(robotId: string) {
  const scope = useScope();
  return useQuery({
    queryKey: robotKeys.commands(scope, robotId),
    queryFn: () => callApi(api.listCommands, { params: { id: robotId } }),
    enabled: scope !== undefined,
    refetchInterval: (query) => (query.state.data?.some((c) => UNFINISHED.has(c.status)) ? 1000 : false),
  });
}
