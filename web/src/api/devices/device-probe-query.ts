import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { deviceKeys } from './keys';

/** SHELL-MENU-PROBES: whether the company has a mini device, asked with the smallest page (quiet, see the subsidiary probe). */
export function useMiniDeviceTotalQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: deviceKeys.probe(scope),
    queryFn: async () =>
      (await callApi(apiRoutes.searchMiniDevices, { body: { pageIndex: 1, pageLength: 1 } }, { quiet: true }))
        .totalCnt,
    enabled: scope !== undefined,
    staleTime: 5 * 60_000,
  });
}
