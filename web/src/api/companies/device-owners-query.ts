import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { companyKeys } from './keys';

/**
 * A super admin's search for the companies owning a mini device by its name or a robot by its serial number; the
 * name is already trimmed and debounced, and nothing is asked for an empty one.
 */
export function useDeviceOwnersQuery(deviceName: string, enabled: boolean) {
  const scope = useScope();
  return useQuery({
    queryKey: companyKeys.deviceOwners(scope, deviceName),
    queryFn: () => callApi(apiRoutes.searchByDevice, { query: { deviceName } }),
    enabled: enabled && scope !== undefined && deviceName !== '',
    placeholderData: keepPreviousData,
  });
}
