import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { analysisConfigKeys } from './config-keys';

/** Every version of the calendars, targets, downtime rules and exclusions of the company. */
export function useAnalysisSettingsQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: analysisConfigKeys.settings(scope),
    queryFn: () => callApi(apiRoutes.analysisSettings),
    enabled: scope !== undefined,
  });
}
