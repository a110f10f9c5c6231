import type { BuildingDetail, Floor, Station } from '@fleet/contract';
import { Col, Row } from 'antd';
import { useMemo, useState } from 'react';
import type { CanAnswer } from '../../access/use-can';
import { useFloorStationsQuery } from '../../api/buildings/floor-stations-query';
import { FloorMap } from '../../components/floor-map/FloorMap';
import { geometryOf, type MapStation } from '../../components/floor-map/floor-geometry';
import type { FleetStore } from '../../live/fleet-store';
import { FloorToolbar } from './FloorToolbar';
import { MapUploadModal } from './MapUploadModal';
import { StationsPanel } from './StationsPanel';
import type { Point, StationEdit } from './station-edit';

interface Props {
  building: BuildingDetail;
  floor: Floor;
  manage: CanAnswer;
  store: FleetStore;
  onEdit: () => void;
  onRemoved: () => void;
}

const NO_STATIONS: Station[] = [];

/** One floor: its map with the robots on it live, the map upload, and the stations editor beside it. */
export function FloorPanel({ building, floor, manage, store, onEdit, onRemoved }: Props) {
  const stations = useFloorStationsQuery(floor.id);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<StationEdit>();
  // The form's current pose, drawn on the map while it is edited, in place of the saved one.
  const [draft, setDraft] = useState<MapStation>();
  const geometry = useMemo(() => geometryOf(floor.map), [floor.map]);
  const list = stations.data ?? NO_STATIONS;
  const drawn = useMemo(() => {
    const others = editing?.kind === 'edit' ? list.filter((s) => s.id !== editing.station.id) : list;
    return draft ? [...others, draft] : others;
  }, [list, editing, draft]);

  // A click on the floor places a new station, or moves the one being edited.
  const pick = (point: Point) =>
    setEditing((e) => (e?.kind === 'edit' ? { ...e, point } : { kind: 'new', point }));
  const stopEditing = () => {
    setEditing(undefined);
    setDraft(undefined);
  };

  return (
    <>
      <FloorToolbar
        building={building}
        floor={floor}
        manage={manage}
        onUpload={() => setUploading(true)}
        onEdit={onEdit}
        onRemoved={onRemoved}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <FloorMap
            store={store}
            floorId={floor.id}
            geometry={geometry}
            stations={drawn}
            onPick={manage.allowed ? pick : undefined}
            style={{ height: 480 }}
          />
        </Col>
        <Col xs={24} xl={10}>
          <StationsPanel
            buildingId={building.id}
            floor={floor}
            stations={list}
            loading={stations.isPending}
            manage={manage}
            editing={editing}
            onEditing={setEditing}
            onDraft={setDraft}
            onDone={stopEditing}
          />
        </Col>
      </Row>
      {uploading && <MapUploadModal floor={floor} onClose={() => setUploading(false)} />}
    </>
  );
}
