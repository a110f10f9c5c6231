import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** A building's lift banks with their lifts and landings. */
export function useLiftBanksQuery(buildingId: string | null | undefined) {
  const scope = useScope();
  return useQuery({
    queryKey: liftKeys.banks(scope, buildingId ?? 'none'),
    queryFn: () => callApi(api.listLiftBanks, { query: { buildingId: buildingId ?? undefined } }),
    enabled: scope !== undefined && Boolean(buildingId),
  });
}
