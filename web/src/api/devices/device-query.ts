import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { deviceKeys } from './keys';

/**
 * A call moves on every second or two: without /live the open device (its calls, its timeline) is asked again
 * this often. With /live the steps come pushed and the drawer asks again when one does (`useDeviceSteps`);
 * DEVICE_LIVE_REFRESH_MS only catches what the stream does not carry (an edit by someone else).
 */
export const DEVICE_REFRESH_MS = 2000;
export const DEVICE_LIVE_REFRESH_MS = 30_000;

/** One mini device with its live state and open call. */
export function useDeviceQuery(id: string | undefined, refreshMs = DEVICE_REFRESH_MS) {
  const scope = useScope();
  return useQuery({
    queryKey: deviceKeys.detail(scope, id ?? ''),
    queryFn: () => callApi(apiRoutes.getMiniDevice, { params: { id: id ?? '' } }),
    enabled: scope !== undefined && !!id,
    refetchInterval: refreshMs,
  });
}
