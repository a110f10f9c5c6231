import type { DeviceOwner } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useClientConfigQuery } from '../common/client-config-query';
import { useScope } from '../scope';
import { companyKeys } from './keys';

/** What the search found: this server's owners and the gateway's; `gatewayFailed` when the gateway did not answer. */
export interface DeviceOwnersResult {
  owners: DeviceOwner[];
  gatewayFailed: boolean;
}

/**
 * Asks this server (`search-by-device`) and, when one is configured, the separate device gateway
 * (`get-company-by-device-name`) together. The gateway is a second opinion: when it fails, what this server found
 * is still shown, with a warning; when this server fails, the search fails (toasted as any call).
 */
export async function findDeviceOwners(
  deviceName: string,
  gatewayUrl: string | null,
): Promise<DeviceOwnersResult> {
  const query = { deviceName };
  const [own, gateway] = await Promise.allSettled([
    callApi(apiRoutes.searchByDevice, { query }),
    gatewayUrl
      ? callApi(apiRoutes.companyByDeviceName, { query }, { baseUrl: gatewayUrl, quiet: true })
      : Promise.resolve([]),
  ]);
  if (own.status === 'rejected') throw own.reason;
  return {
    owners: gateway.status === 'fulfilled' ? [...own.value, ...gateway.value] : own.value,
    gatewayFailed: gateway.status === 'rejected',
  };
}

/**
 * A super admin's search for the companies owning a mini device by its name or a robot by its serial number; the
 * name is already trimmed and debounced, and nothing is asked for an empty one.
 */
export function useDeviceOwnersQuery(deviceName: string, enabled: boolean) {
  const scope = useScope();
  const gatewayUrl = useClientConfigQuery().data?.deviceGatewayUrl ?? null;
  return useQuery({
    queryKey: companyKeys.deviceOwners(scope, deviceName),
    queryFn: () => findDeviceOwners(deviceName, gatewayUrl),
    enabled: enabled && scope !== undefined && deviceName !== '',
    placeholderData: keepPreviousData,
  });
}
