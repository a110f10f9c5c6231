import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { roleKeys } from './keys';

/** The company's custom roles with their permissions and holders. */
export function useRolesQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: roleKeys.list(scope),
    queryFn: () => callApi(apiRoutes.listRoles),
    enabled: scope !== undefined,
  });
}
