import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/**
 * The company's robots as choices for a bank's policy: id, name and model only. The list call carries live
 * state too, which stays out of the cache.
 */
export function useLiftRobotChoicesQuery(enabled: boolean) {
  const scope = useScope();
  return useQuery({
    queryKey: liftKeys.robotChoices(scope),
    queryFn: async () =>
      (await callApi(api.listRobots)).map(({ id, name, model, serialNumber }) => ({
        id,
        name,
        model,
        serialNumber,
      })),
    enabled: enabled && scope !== undefined,
  });
}
