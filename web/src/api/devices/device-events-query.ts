import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { DEVICE_REFRESH_MS } from './device-query';
import { deviceKeys } from './keys';

/** The newest `length` steps of a device's timeline, and how many there are in all. */
export function useDeviceEventsQuery(id: string, length: number, refreshMs = DEVICE_REFRESH_MS) {
  const scope = useScope();
  return useQuery({
    queryKey: deviceKeys.events(scope, id, length),
    queryFn: () =>
      callApi(apiRoutes.miniDeviceEvents, {
        body: { pageIndex: 1, pageLength: length, requestData: { deviceId: id } },
      }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}
