import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { companyKeys } from './keys';

/** The caller's companies, filtered by a name that is already trimmed and debounced ('' = all). */
export function useOnesCompaniesQuery(name: string) {
  const scope = useScope();
  return useQuery({
    queryKey: companyKeys.ones(scope, name),
    queryFn: () => callApi(apiRoutes.listOnesCompanies, { query: name ? { companyName: name } : {} }),
    enabled: scope !== undefined,
    placeholderData: keepPreviousData,
  });
}
