import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** Every version of a bank's configuration: who changed what, when. */
export function useLiftBankHistoryQuery(bankId: string | null) {
  const scope = useScope();
  return useQuery({
    queryKey: liftKeys.history(scope, bankId ?? 'none'),
    queryFn: () => callApi(api.liftBankHistory, { params: { id: bankId ?? '' } }),
    enabled: scope !== undefined && Boolean(bankId),
  });
}
