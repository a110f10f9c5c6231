import { PlusOutlined } from '@ant-design/icons';
import type { BuildingDetail, Floor } from '@fleet/contract';
import { Button, Empty, Flex, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { Guarded } from '../../components/Guarded';
import { Heading, Panel } from '../../components/Panel';
import type { FleetStore } from '../../live/fleet-store';
import { floorsByLevel, shownFloor } from './building-place.utils';
import { FloorFormModal } from './FloorFormModal';
import { FloorPanel } from './FloorPanel';

interface Props {
  building: BuildingDetail;
  floorId: string | undefined;
  onFloor: (floorId: string | undefined) => void;
  manage: CanAnswer;
  store: FleetStore;
}

type Dialog = { kind: 'add' } | { kind: 'edit'; floor: Floor };

/** The building's floors as tabs, lowest level first; the chosen one shows its map and stations. */
export function FloorTabs({ building, floorId, onFloor, manage, store }: Props) {
  const { t } = useTranslation('buildings');
  const [dialog, setDialog] = useState<Dialog>();
  const floors = useMemo(() => floorsByLevel(building.floors), [building.floors]);
  const shown = shownFloor(floors, floorId);

  const add = (
    <Guarded answer={manage}>
      <Button
        icon={<PlusOutlined aria-hidden />}
        disabled={!manage.allowed}
        data-testid="floor-add"
        onClick={() => setDialog({ kind: 'add' })}
      >
        {t('floors.add')}
      </Button>
    </Guarded>
  );

  return (
    <Panel>
      {/* The add button stays out of the tab bar: a tablist may hold only tabs. */}
      <Flex justify="space-between" align="center" gap={12}>
        <Heading level={2}>{t('floors.title')}</Heading>
        {shown && add}
      </Flex>
      {shown ? (
        <Tabs
          activeKey={shown.id}
          onChange={onFloor}
          destroyOnHidden
          data-testid="floor-tabs"
          items={floors.map((f) => ({
            key: f.id,
            label: t('floors.tab', { name: f.name, level: f.level }),
            children:
              f.id === shown.id ? (
                <FloorPanel
                  building={building}
                  floor={f}
                  manage={manage}
                  store={store}
                  onEdit={() => setDialog({ kind: 'edit', floor: f })}
                  onRemoved={() => onFloor(undefined)}
                />
              ) : null,
          }))}
        />
      ) : (
        <Empty
          style={{ paddingBlock: 32 }}
          description={
            <>
              <strong>{t('floors.empty')}</strong>
              <div>{t('floors.emptyHelp')}</div>
            </>
          }
        >
          {add}
        </Empty>
      )}
      {dialog && (
        <FloorFormModal
          buildingId={building.id}
          floors={floors}
          floor={dialog.kind === 'edit' ? dialog.floor : undefined}
          onClose={() => setDialog(undefined)}
          onAdded={(f) => onFloor(f.id)}
        />
      )}
    </Panel>
  );
}
