import { api } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../call';
import { useScope } from '../scope';
import { roleKeys } from './keys';

/** The company's custom roles with their permissions and holders. */
export function useRolesQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: roleKeys.list(scope),
    queryFn: () => callApi(api.listRoles),
    enabled: scope !== undefined,
  });
}
