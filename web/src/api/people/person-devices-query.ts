import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

/** The robots assigned to a person. */
export function usePersonDevicesQuery(userId: string | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: peopleKeys.devices(scope, userId ?? 'none'),
    queryFn: () => callApi(apiRoutes.userDevices, { query: { userId } }),
    enabled: scope !== undefined && userId !== undefined,
  });
}
