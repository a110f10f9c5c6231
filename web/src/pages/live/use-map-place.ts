import type { Building, BuildingDetail, Floor } from '@fleet/contract';
import { useSearchParams } from 'react-router';
import { useBuildingOptionsQuery } from '../../api/buildings/building-options-query';
import { useBuildingQuery } from '../../api/buildings/building-query';

export interface MapPlace {
  buildings: Building[] | undefined;
  building: BuildingDetail | undefined;
  floor: Floor | undefined;
  /** The robot the miniMap follows. */
  robotId: string | undefined;
  loading: boolean;
  choose: (next: { building?: string; floor?: string }) => void;
}

/**
 * Which building and floor a map screen shows: `?building=…&floor=…` (`robot=…` to follow one), else the
 * first building and its first floor with a map, so a bare /map/en is useful at once.
 */
export function useMapPlace(): MapPlace {
  const [params, setParams] = useSearchParams();
  const buildings = useBuildingOptionsQuery();
  const buildingId = params.get('building') ?? buildings.data?.[0]?.id;
  const building = useBuildingQuery(buildingId);
  const floors = building.data?.floors ?? [];
  const floorParam = params.get('floor');
  const floor = floors.find((f) => f.id === floorParam) ?? floors.find((f) => f.map) ?? floors[0];
  return {
    buildings: buildings.data,
    building: building.data,
    floor,
    robotId: params.get('robot') ?? undefined,
    loading: buildings.isLoading || (Boolean(buildingId) && building.isLoading),
    choose: (next) =>
      setParams(
        (p) => {
          const q = new URLSearchParams(p);
          if (next.building) {
            q.set('building', next.building);
            q.delete('floor');
          }
          if (next.floor) q.set('floor', next.floor);
          return q;
        },
        { replace: true },
      ),
  };
}
