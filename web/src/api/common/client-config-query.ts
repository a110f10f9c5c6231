import type { ClientConfig } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { setPageRegionSource } from '../page-region';
import { commonKeys } from './keys';

let pending: Promise<ClientConfig> | undefined;

/**
 * Fetched once at boot from the page's own server (brand, admin view, monitoring are per host name). Other
 * calls wait for its region to pick their host, so it must not wait for itself: `sameOrigin`.
 */
export function loadClientConfig(): Promise<ClientConfig> {
  if (!pending) {
    pending = callApi(apiRoutes.clientConfig, undefined, { sameOrigin: true, quiet: true });
    setPageRegionSource(
      pending.then(
        (c) => c.region,
        () => undefined,
      ),
    );
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

export function useClientConfigQuery() {
  return useQuery({
    queryKey: commonKeys.clientConfig(),
    queryFn: loadClientConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
