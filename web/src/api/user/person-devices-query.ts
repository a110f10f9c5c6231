import { api } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../call';
import { useScope } from '../scope';
import { userKeys } from './keys';

/** The robots assigned to a person. */
export function usePersonDevicesQuery(userId: string | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: userKeys.devices(scope, userId ?? 'none'),
    queryFn: () => callApi(api.userDevices, { query: { userId } }),
    enabled: scope !== undefined && userId !== undefined,
  });
}
