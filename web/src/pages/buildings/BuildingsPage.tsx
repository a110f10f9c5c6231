import { ScreenTitle } from '../../components/ScreenTitle';
import { BuildingDetail } from './BuildingDetail';
import { BuildingsList } from './BuildingsList';
import { useBuildingPlace } from './use-building-place';

export default function BuildingsPage() {
  const { place, go } = useBuildingPlace();
  return (
    <section aria-labelledby="screen-title" data-testid="screen-buildings">
      <ScreenTitle />
      {place.kind === 'building' ? (
        <BuildingDetail
          buildingId={place.buildingId}
          floorId={place.floorId}
          onFloor={(floorId) => go({ ...place, floorId }, { replace: true })}
          onBack={() => go({ kind: 'list', view: 'table' })}
        />
      ) : (
        <BuildingsList
          view={place.view}
          onView={(view) => go({ kind: 'list', view }, { replace: true })}
          onOpen={(buildingId) => go({ kind: 'building', buildingId, floorId: undefined })}
        />
      )}
    </section>
  );
}
