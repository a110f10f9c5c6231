import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { deviceKeys } from './keys';

/** A call moves on every second or two: the open device is asked again this often. */
export const DEVICE_REFRESH_MS = 2000;

/** One mini device with its live state and open call. */
export function useDeviceQuery(id: string | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: deviceKeys.detail(scope, id ?? ''),
    queryFn: () => callApi(apiRoutes.getMiniDevice, { params: { id: id ?? '' } }),
    enabled: scope !== undefined && !!id,
    refetchInterval: DEVICE_REFRESH_MS,
  });
}
