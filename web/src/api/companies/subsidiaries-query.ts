import type { api, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { companyKeys } from './keys';

export type SubsidiarySearchBody = RouteBody<typeof api.searchSubsidiaries>;

/** One page of the company's subsidiaries, filtered by name. */
export function useSubsidiariesQuery(body: SubsidiarySearchBody) {
  const scope = useScope();
  return useQuery({
    queryKey: companyKeys.subsidiaryPage(scope, body),
    queryFn: () => callApi(apiRoutes.searchSubsidiaries, { body }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}
