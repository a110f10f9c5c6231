import type { api, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { deviceKeys } from './keys';

export type DeviceSearchBody = RouteBody<typeof api.searchMiniDevices>;

/**
 * How often the table asks again: devices' heartbeats, presses and calls change it. With /live those come pushed
 * and are laid over the rows; the page is asked again only for devices added, removed or edited elsewhere.
 */
export const DEVICES_REFRESH_MS = 5000;
export const DEVICES_LIVE_REFRESH_MS = 30_000;

/** One page of the company's mini devices with their live state and open calls. */
export function useDevicesSearchQuery(body: DeviceSearchBody, refreshMs = DEVICES_REFRESH_MS) {
  const scope = useScope();
  return useQuery({
    queryKey: deviceKeys.search(scope, body),
    queryFn: () => callApi(apiRoutes.searchMiniDevices, { body }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}
