import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { roleKeys } from './keys';

/**
 * The caller's built-in role and the permissions custom roles grant. Rights change without a new sign-in
 * (spec: "on the next request"), so it is asked again whenever the screen comes back into view.
 */
export function useMyPermissionsQuery() {
  const scope = useScope();
  return useQuery({
    queryKey: roleKeys.permissions(scope),
    queryFn: () => callApi(apiRoutes.myPermissions),
    enabled: scope !== undefined,
    refetchOnWindowFocus: true,
  });
}
