import type { Building, LiveRobot } from '@fleet/contract';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeIn, useLanguage } from '../components/DateTimeText';
import { BatteryLevel } from '../pages/robots/BatteryText';
import { RobotStatusTagText } from '../pages/robots/RobotStatusTag';
import { currentTask } from '../pages/robots/robot-task.utils';
import { PlainButton } from './PlainButton';

export interface RobotColumn {
  key: string;
  title: string;
  /** px; wider tables share the extra width in proportion, as a fixed-layout table does. */
  width: number;
  cell: (robot: LiveRobot) => ReactNode;
}

/**
 * The robot table's columns in the console's language, with the robot's place named from `buildings` and floors.
 * Texts are looked up here, once for the table: a cell calling useTranslation itself made each row coming into
 * view subscribe to i18next (a fifth of the time React took to draw rows while 10,000 robots scrolled).
 */
export function useRobotColumns(
  buildings: ReadonlyMap<string, Building>,
  floorNames: ReadonlyMap<string, string>,
  onOpen: (robotId: string) => void,
): RobotColumn[] {
  const { t } = useTranslation(['robots', 'live']);
  const { t: tLive } = useTranslation('live');
  const lng = useLanguage();
  return useMemo<RobotColumn[]>(() => {
    const charging = t('battery.charging');
    const placeOf = (r: LiveRobot) => {
      const building = r.buildingId ? buildings.get(r.buildingId)?.name : undefined;
      const floor = r.position ? floorNames.get(r.position.mapId) : undefined;
      return building || floor ? [building, floor].filter(Boolean).join(' · ') : t('place.none');
    };
    return [
      {
        key: 'name',
        title: t('columns.name'),
        width: 200,
        cell: (r) => (
          <PlainButton
            variant="link"
            className="fc-rt-ellipsis"
            style={{ padding: 0, maxWidth: '100%' }}
            onClick={() => onOpen(r.id)}
            data-testid="robot-open"
          >
            {r.name}
          </PlainButton>
        ),
      },
      { key: 'serial', title: t('columns.serial'), width: 150, cell: (r) => r.serialNumber },
      { key: 'model', title: t('columns.model'), width: 130, cell: (r) => r.model },
      {
        key: 'place',
        title: t('columns.place'),
        width: 200,
        cell: (r) => {
          const place = placeOf(r);
          return <span title={place}>{place}</span>;
        },
      },
      {
        key: 'status',
        title: t('columns.status'),
        width: 150,
        cell: (r) => <RobotStatusTagText robot={r} t={tLive} />,
      },
      {
        key: 'battery',
        title: t('columns.battery'),
        width: 150,
        cell: (r) => <BatteryLevel level={r.battery} charging={r.charging} chargingLabel={charging} />,
      },
      {
        key: 'task',
        title: t('columns.task'),
        width: 180,
        cell: (r) => {
          const task = currentTask(r);
          return task.key === 'none' ? '–' : t(`task.${task.key}`, { order: task.orderId ?? '' });
        },
      },
      {
        key: 'lastSeen',
        title: t('columns.lastSeen'),
        width: 150,
        cell: (r) => (r.lastSeenAt ? <DateTimeIn iso={r.lastSeenAt} lng={lng} /> : t('lastSeen.never')),
      },
    ];
  }, [t, tLive, lng, buildings, floorNames, onOpen]);
}
