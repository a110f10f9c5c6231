import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisConfigKeys } from './config-keys';

/** The KPI alerts of the company, with the last day each went. */
export function useAnalysisAlertsQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: analysisConfigKeys.alerts(scope),
    queryFn: () => callApi(apiRoutes.listAnalysisAlerts),
    enabled: scope !== undefined,
  });
}
