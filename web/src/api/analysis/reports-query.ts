import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisConfigKeys } from './config-keys';

/** The report subscriptions of the company, with their next and last sending. */
export function useAnalysisReportsQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: analysisConfigKeys.reports(scope),
    queryFn: () => callApi(apiRoutes.listAnalysisReports),
    enabled: scope !== undefined,
  });
}
