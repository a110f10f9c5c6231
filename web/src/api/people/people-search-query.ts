import type { api, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

export type PeopleSearchBody = RouteBody<typeof api.searchPeople>;

/** One page of the company's people, filtered and sorted by the server. */
export function usePeopleSearchQuery(body: PeopleSearchBody) {
  const scope = useScope();
  return useQuery({
    queryKey: peopleKeys.search(scope, body),
    queryFn: () => callApi(apiRoutes.searchPeople, { body }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}
