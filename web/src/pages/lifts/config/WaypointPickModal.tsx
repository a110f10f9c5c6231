import type { Floor } from '@fleet/contract';
import { Alert, Flex, Modal, Segmented, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FloorMap } from '../../../components/floor-map/FloorMap';
import { geometryOf, type MapStation } from '../../../components/floor-map/floor-geometry';
import { FleetStore } from '../../../live/fleet-store';
import { useUnitSystem, useUnits } from '../../../units/use-units';
import { type LandingValues, type WaypointValues, waypointOf, waypointValuesOf } from './lift-form.utils';

interface Props {
  floor: Floor | undefined;
  landing: LandingValues;
  /** "Lobby front". */
  title: string;
  onClose: () => void;
  onPicked: (outside: WaypointValues, inside: WaypointValues) => void;
}

type Which = 'outside' | 'inside';

/**
 * The landing's floor map: a click places the chosen waypoint (where the robot waits, or where it stands in
 * the car), the other one is drawn beside it. Headings stay as typed.
 */
export function WaypointPickModal({ floor, landing, title, onClose, onPicked }: Props) {
  const { t } = useTranslation('lifts');
  const system = useUnitSystem();
  const units = useUnits();
  // No robots are drawn while placing: an empty store the map reads from.
  const [store] = useState(() => new FleetStore());
  const [which, setWhich] = useState<Which>('outside');
  const [points, setPoints] = useState({ outside: landing.outside, inside: landing.inside });
  const geometry = useMemo(() => geometryOf(floor?.map ?? null), [floor]);
  const stations = useMemo<MapStation[]>(
    () =>
      (['outside', 'inside'] as const).flatMap((w) => {
        const p = waypointOf(points[w], system);
        return p ? [{ id: w, name: t(`config.landings.${w}`), ...p, charger: false }] : [];
      }),
    [points, system, t],
  );

  const place = (at: { x: number; y: number }) => {
    const shown = waypointValuesOf({ ...at, theta: 0 }, system);
    setPoints((p) => ({ ...p, [which]: { ...p[which], x: shown.x, y: shown.y } }));
    // The waiting point first, then the car: the usual order of placing a landing.
    if (which === 'outside') setWhich('inside');
  };

  const at = (w: Which) => {
    const p = waypointOf(points[w], system);
    return p ? `${units.length(p.x, 2)}, ${units.length(p.y, 2)}` : t('config.landings.notPlaced');
  };

  return (
    <Modal
      open
      width={860}
      title={t('config.landings.pickTitle', { label: title })}
      okText={t('config.landings.usePoints')}
      cancelText={t('config.cancel')}
      onOk={() => onPicked(points.outside, points.inside)}
      onCancel={onClose}
      destroyOnHidden
    >
      {geometry ? (
        <Flex vertical gap={8}>
          <Flex align="center" gap={12} wrap>
            <Segmented<Which>
              value={which}
              onChange={setWhich}
              options={(['outside', 'inside'] as const).map((w) => ({
                value: w,
                label: t(`config.landings.${w}`),
              }))}
            />
            <Typography.Text type="secondary">{t('config.landings.pickHint')}</Typography.Text>
          </Flex>
          <FloorMap
            store={store}
            floorId={floor?.id}
            geometry={geometry}
            stations={stations}
            onPick={place}
            style={{ height: 440 }}
          />
          <Typography.Text type="secondary" data-testid="pick-points">
            {t('config.landings.outside')}: {at('outside')} · {t('config.landings.inside')}: {at('inside')}
          </Typography.Text>
        </Flex>
      ) : (
        <Alert type="info" showIcon title={t('config.landings.noMap', { floor: floor?.name ?? '' })} />
      )}
    </Modal>
  );
}
