import type { Floor, Station } from '@fleet/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import type { MapStation } from '../../components/floor-map/floor-geometry';
import { Heading } from '../../components/Panel';
import { StationForm } from './StationForm';
import { StationsTable } from './StationsTable';
import type { StationEdit } from './station-edit';

interface Props {
  buildingId: string;
  floor: Floor;
  stations: Station[];
  loading: boolean;
  manage: CanAnswer;
  editing: StationEdit | undefined;
  onEditing: (edit: StationEdit) => void;
  onDraft: (draft: MapStation | undefined) => void;
  onDone: () => void;
}

/** The floor's stations: the form of the one being placed or changed, above the list of all. */
export function StationsPanel(props: Props) {
  const { buildingId, floor, stations, loading, manage, editing, onEditing, onDraft, onDone } = props;
  const { t } = useTranslation('buildings');
  return (
    <Flex vertical gap={12} data-testid="stations-panel">
      <Heading level={2} style={{ fontSize: 16 }}>
        {t('stations.title')}
      </Heading>
      {manage.allowed && (
        <Typography.Text type="secondary">
          {t(editing?.kind === 'edit' ? 'stations.moveHint' : 'stations.hint')}
        </Typography.Text>
      )}
      {editing && (
        <StationForm
          key={editing.kind === 'edit' ? editing.station.id : 'new'}
          buildingId={buildingId}
          floor={floor}
          editing={editing}
          onDraft={onDraft}
          onDone={onDone}
        />
      )}
      <StationsTable
        buildingId={buildingId}
        floorId={floor.id}
        stations={stations}
        loading={loading}
        manage={manage}
        onEdit={(station) => onEditing({ kind: 'edit', station })}
      />
    </Flex>
  );
}
