import type { Building, LiveRobot } from '@fleet/contract';
import { Button, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeText } from '../../components/DateTimeText';
import { BatteryText } from './BatteryText';
import { RobotStatusTag } from './RobotStatusTag';
import { currentTask } from './robot-task.utils';

interface Props {
  robots: LiveRobot[];
  buildings: ReadonlyMap<string, Building>;
  floorNames: ReadonlyMap<string, string>;
  selectedId: string | undefined;
  onOpen: (robotId: string) => void;
  height: number;
}

/** The fleet, one row per robot; virtualised so thousands of rows scroll as smoothly as ten. */
export function RobotTable({ robots, buildings, floorNames, selectedId, onOpen, height }: Props) {
  const { t } = useTranslation(['robots', 'map']);
  const columns = useMemo<TableColumnsType<LiveRobot>>(
    () => [
      {
        key: 'name',
        title: t('columns.name'),
        width: 200,
        fixed: 'left',
        render: (_, r) => (
          <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(r.id)} data-testid="robot-open">
            {r.name}
          </Button>
        ),
      },
      { key: 'serial', title: t('columns.serial'), dataIndex: 'serialNumber', width: 150 },
      { key: 'model', title: t('columns.model'), dataIndex: 'model', width: 130 },
      {
        key: 'place',
        title: t('columns.place'),
        width: 200,
        render: (_, r) => {
          const building = r.buildingId ? buildings.get(r.buildingId)?.name : undefined;
          const floor = r.position ? floorNames.get(r.position.mapId) : undefined;
          if (!building && !floor) return t('place.none');
          return [building, floor].filter(Boolean).join(' · ');
        },
      },
      {
        key: 'status',
        title: t('columns.status'),
        width: 150,
        render: (_, r) => <RobotStatusTag robot={r} />,
      },
      {
        key: 'battery',
        title: t('columns.battery'),
        width: 150,
        render: (_, r) => <BatteryText level={r.battery} charging={r.charging} />,
      },
      {
        key: 'task',
        title: t('columns.task'),
        width: 180,
        render: (_, r) => {
          const task = currentTask(r);
          return task.key === 'none' ? '–' : t(`task.${task.key}`, { order: task.orderId ?? '' });
        },
      },
      {
        key: 'lastSeen',
        title: t('columns.lastSeen'),
        width: 150,
        render: (_, r) => (r.lastSeenAt ? <DateTimeText iso={r.lastSeenAt} /> : t('lastSeen.never')),
      },
    ],
    [t, buildings, floorNames, onOpen],
  );
  return (
    <Table<LiveRobot>
      data-testid="robot-table"
      virtual
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={robots}
      pagination={false}
      scroll={{ x: 1310, y: height }}
      rowClassName={(r) => (r.id === selectedId ? 'ant-table-row-selected' : '')}
      onRow={(r) =>
        ({ 'data-robot-id': r.id, 'data-robot-status': r.status }) as React.HTMLAttributes<HTMLElement>
      }
    />
  );
}
