import { useQuery } from '@tanstack/react-query';
import { apiRoutes as api } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { liftKeys } from './keys';

/** The company's lift gateways, with whether each is connected now. */
export function useLiftGatewaysQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: liftKeys.gateways(scope),
    queryFn: () => callApi(api.listLiftGateways),
    enabled: scope !== undefined,
    refetchInterval: 10_000,
  });
}
