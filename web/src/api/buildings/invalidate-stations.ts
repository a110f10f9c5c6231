import type { QueryClient } from '@tanstack/react-query';
import type { Scope } from '../query-scope';
import { buildingKeys } from './keys';

/** A station came or went: the floor's list, and the building's floors (each carries its station count). */
export function invalidateStations(
  queryClient: QueryClient,
  scope: Scope | undefined,
  buildingId: string,
  floorId: string,
) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: buildingKeys.stations(scope, floorId) }),
    queryClient.invalidateQueries({ queryKey: buildingKeys.detail(scope, buildingId) }),
  ]);
}
