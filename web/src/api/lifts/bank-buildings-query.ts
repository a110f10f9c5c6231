import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** The buildings of the company that have a bank of lifts, in the order of their banks. */
export function useBankBuildingsQuery() {
  const scope = useScope();
  return useQuery({
    // Under allBanks, so every change of a bank refreshes it with the rest.
    queryKey: liftKeys.banks(scope, 'every-building'),
    queryFn: () => callApi(api.listLiftBanks, { query: {} }),
    select: (banks) => [...new Set(banks.map((b) => b.buildingId))],
    enabled: scope !== undefined,
  });
}
