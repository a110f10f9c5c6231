import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** How often /elevator asks for its lifts: gateways report once a second. */
export const LIVE_LIFTS_MS = 1000;

/** A building's lifts as they are now, with who holds each and who waits; refreshed every second. */
export function useLiveLiftsQuery(buildingId: string | null | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: liftKeys.live(scope, buildingId ?? 'none'),
    queryFn: () => callApi(api.listLiveLifts, { query: { buildingId: buildingId ?? undefined } }),
    enabled: scope !== undefined && Boolean(buildingId),
    refetchInterval: LIVE_LIFTS_MS,
  });
}
