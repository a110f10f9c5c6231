import type { Api, RouteData } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { audioKeys } from './keys';

export type AudioBuildingRules = RouteData<Api['listAudioBuildingRules']>[number];

/** Each building's quiet hours and volume cap, with its time zone. */
export function useAudioBuildingRulesQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: audioKeys.rules(scope),
    queryFn: () => callApi(apiRoutes.listAudioBuildingRules),
    enabled: scope !== undefined,
    staleTime: 60_000,
  });
}
