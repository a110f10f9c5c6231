import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { peopleKeys } from './keys';

/** Every member of the company, for pickers (role holders, audit filter) and for naming audit targets. */
export function usePeopleListQuery(enabled = true) {
  const scope = useScope();
  return useQuery({
    queryKey: peopleKeys.list(scope),
    queryFn: () => callApi(apiRoutes.listPeople),
    enabled: enabled && scope !== undefined,
  });
}
