import type { QueryClient } from '@tanstack/react-query';
import type { Scope } from '../query-scope';
import { buildingKeys } from './keys';

/**
 * A building's own fields, or its floors, changed: its detail and every list that shows its name or floor
 * count (the paged search and the pickers of other screens). Station lists are untouched.
 */
export function invalidateBuilding(queryClient: QueryClient, scope: Scope | undefined, buildingId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: buildingKeys.searches(scope) }),
    queryClient.invalidateQueries({ queryKey: buildingKeys.options(scope) }),
    queryClient.invalidateQueries({ queryKey: buildingKeys.detail(scope, buildingId) }),
  ]);
}
