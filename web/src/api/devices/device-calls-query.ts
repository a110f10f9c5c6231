import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { DEVICE_REFRESH_MS } from './device-query';
import { deviceKeys } from './keys';

/** A device's latest calls, newest first. */
export function useDeviceCallsQuery(id: string, refreshMs = DEVICE_REFRESH_MS) {
  const scope = useScope();
  return useQuery({
    queryKey: deviceKeys.calls(scope, id),
    queryFn: () =>
      callApi(apiRoutes.miniDeviceCalls, {
        body: { pageIndex: 1, pageLength: 10, requestData: { deviceId: id } },
      }),
    enabled: scope !== undefined,
    refetchInterval: refreshMs,
  });
}
