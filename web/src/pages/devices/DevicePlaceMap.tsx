import type { MapPoint } from '@fleet/contract';
import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildingQuery } from '../../api/buildings/building-query';
import { FloorMap } from '../../components/floor-map/FloorMap';
import { geometryOf } from '../../components/floor-map/floor-geometry';
import { useLiveFleet } from '../../live/use-live-fleet';

interface Props {
  buildingId: string;
  floorId: string;
  point: MapPoint | null;
  label: string;
  /** A click on the floor places the device there. */
  onPick?: ((point: MapPoint) => void) | undefined;
  height: number;
}

/** The device's floor with its point and the building's robots live, so an operator sees who comes. */
export function DevicePlaceMap({ buildingId, floorId, point, label, onPick, height }: Props) {
  const { t } = useTranslation('devices');
  const building = useBuildingQuery(buildingId);
  const live = useLiveFleet({ buildingId });
  const floor = building.data?.floors.find((f) => f.id === floorId);
  const marker = useMemo(
    () => (point ? [{ id: 'device', name: label, x: point.x, y: point.y, theta: 0, charger: false }] : []),
    [point, label],
  );
  if (building.data && !floor?.map)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('place.noMap')} />;
  return (
    <FloorMap
      store={live.store}
      floorId={floorId}
      geometry={geometryOf(floor?.map ?? null)}
      stations={marker}
      onPick={onPick}
      compact
      style={{ height }}
    />
  );
}
