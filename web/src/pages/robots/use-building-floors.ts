import type { BuildingDetail, Floor } from '@fleet/contract';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRoutes as api } from '../../api/api-routes';
import { buildingKeys } from '../../api/buildings/keys';
import { callApi } from '../../api/call';
import { useScope } from '../../api/scope';

/**
 * Floors of the buildings the shown robots are in, by floor id (a robot's position names its floor). One
 * query per building, shared with the building detail screens' cache.
 */
export function useBuildingFloors(buildingIds: readonly string[]): ReadonlyMap<string, Floor> {
  const scope = useScope();
  const results = useQueries({
    queries: buildingIds.map((id) => ({
      queryKey: buildingKeys.detail(scope, id),
      queryFn: () => callApi(api.getBuilding, { params: { id } }),
      enabled: scope !== undefined,
      staleTime: 60_000,
    })),
  });
  const details = results.map((r) => r.data).filter((d): d is BuildingDetail => d !== undefined);
  const key = details
    .map((d) => `${d.id}:${d.floors.map((f) => `${f.id}${f.name}${f.map?.version}`).join()}`)
    .join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt only when a floor's name or map changes
  return useMemo(() => new Map(details.flatMap((d) => d.floors.map((f) => [f.id, f] as const))), [key]);
}
