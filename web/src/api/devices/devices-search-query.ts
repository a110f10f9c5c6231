import type { api, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { deviceKeys } from './keys';

export type DeviceSearchBody = RouteBody<typeof api.searchMiniDevices>;

/** How often the table asks again: devices' heartbeats, presses and calls change it. */
export const DEVICES_REFRESH_MS = 5000;

/** One page of the company's mini devices with their live state and open calls. */
export function useDevicesSearchQuery(body: DeviceSearchBody) {
  const scope = useScope();
  return useQuery({
    queryKey: deviceKeys.search(scope, body),
    queryFn: () => callApi(apiRoutes.searchMiniDevices, { body }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: DEVICES_REFRESH_MS,
  });
}
