import type { QueryClient } from '@tanstack/react-query';
import { peopleKeys } from '../people/keys';
import type { Scope } from '../query-scope';
import { roleKeys } from './keys';

/**
 * A role change shows in three places: the role list, the people table's custom-role column, and the
 * caller's own rights when they hold the role.
 */
export function invalidateRoleChange(queryClient: QueryClient, scope: Scope | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roleKeys.list(scope) }),
    queryClient.invalidateQueries({ queryKey: roleKeys.permissions(scope) }),
    queryClient.invalidateQueries({ queryKey: peopleKeys.people(scope) }),
  ]);
}
