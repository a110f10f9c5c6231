import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

export interface LiftEventsFilter {
  kinds: string[];
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

/** One page (newest first) of what happened at a lift, filtered by kind and time. */
export function useLiftEventsQuery(liftId: string | null, filter: LiftEventsFilter) {
  const scope = useScope();
  return useQuery({
    queryKey: liftKeys.events(scope, liftId ?? 'none', filter),
    queryFn: () =>
      callApi(api.liftEvents, {
        params: { id: liftId ?? '' },
        query: {
          kinds: filter.kinds.length > 0 ? filter.kinds.join(',') : undefined,
          from: filter.from,
          to: filter.to,
          page: filter.page,
        },
      }),
    enabled: scope !== undefined && Boolean(liftId),
    refetchInterval: 5000,
  });
}
