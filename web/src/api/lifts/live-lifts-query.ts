import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** How often /elevator asks for its lifts: gateways report once a second. */
export const LIVE_LIFTS_MS = 1000;

/** The company's lifts as they are now, with who holds each and who waits; refreshed every second. */
export function useLiveLiftsQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: liftKeys.live(scope, 'all'),
    queryFn: () => callApi(api.listLiveLifts),
    enabled: scope !== undefined,
    refetchInterval: LIVE_LIFTS_MS,
  });
}
