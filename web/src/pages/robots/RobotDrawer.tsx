import { DeleteOutlined, EditOutlined, KeyOutlined, MoreOutlined } from '@ant-design/icons';
import type { Building, Floor, RobotCredentials } from '@fleet/contract';
import { Button, Drawer, Dropdown, Empty, Flex, Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../access/use-can';
import { useFloorStationsQuery } from '../../api/buildings/floor-stations-query';
import { useMeQuery } from '../../api/people/me-query';
import { usePersonDevicesQuery } from '../../api/people/person-devices-query';
import { useRobotRemoveMutation } from '../../api/robots/robot-remove-mutation';
import { useRobotRenewMutation } from '../../api/robots/robot-renew-mutation';
import { FloorMap } from '../../components/floor-map/FloorMap';
import { geometryOf } from '../../components/floor-map/floor-geometry';
import { Heading } from '../../components/Panel';
import type { FleetStore } from '../../live/fleet-store';
import { useFleetRobot } from '../../live/use-fleet';
import { useLiveFleet } from '../../live/use-live-fleet';
import { RobotCommands } from './RobotCommands';
import { RobotErrors } from './RobotErrors';
import { RobotFacts } from './RobotFacts';

const RobotHistoryChart = lazy(() => import('./RobotHistoryChart'));

interface Props {
  store: FleetStore;
  robotId: string | undefined;
  buildings: ReadonlyMap<string, Building>;
  floors: ReadonlyMap<string, Floor>;
  onClose: () => void;
  onEdit: (robotId: string) => void;
  onCredentials: (credentials: RobotCredentials) => void;
}

/**
 * One robot live: its condition, errors, place on the floor, commands and last 24 hours. The page's store follows
 * the fleet at the list's pace (a moving robot every two seconds); while the drawer is open, the robot's floor is
 * followed at the live pace, so its position, speed and the robots around it on the map move as on /map.
 */
export default function RobotDrawer({
  store,
  robotId,
  buildings,
  floors,
  onClose,
  onEdit,
  onCredentials,
}: Props) {
  const { t } = useTranslation('robots');
  const listed = useFleetRobot(store, robotId);
  const floorId = listed?.position?.mapId;
  const live = useLiveFleet(floorId ? { buildingId: listed?.buildingId ?? undefined, floorId } : null);
  const onFloor = useFleetRobot(live.store, robotId);
  const robot = (floorId && onFloor) || listed;
  const can = useCan();
  const me = useMeQuery().data;
  const mine = usePersonDevicesQuery(me?.id);
  // antd's modal holder for the confirmations below, rendered beside the drawer.
  const [modal, confirmations] = Modal.useModal();
  const remove = useRobotRemoveMutation();
  const renew = useRobotRenewMutation();
  const floor = robot?.position ? floors.get(robot.position.mapId) : undefined;
  const stations = useFloorStationsQuery(floor?.id);

  const assignedToMe = Boolean(robotId && mine.data?.some((d) => d.id === robotId));
  const operate = can('robots.operate', {
    kind: 'robot',
    assignedUserIds: assignedToMe && me ? [me.id] : [],
  });
  const manage = can('robots.manage');

  const confirmRemove = () => {
    if (!robot) return;
    modal.confirm({
      title: t('remove.title', { name: robot.name }),
      content: t('remove.content'),
      okText: t('remove.ok'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(robot.id);
        onClose();
      },
    });
  };
  const confirmRenew = () => {
    if (!robot) return;
    modal.confirm({
      title: t('renew.title', { name: robot.name }),
      content: t('renew.content'),
      okText: t('renew.ok'),
      onOk: async () => onCredentials(await renew.mutateAsync(robot.id)),
    });
  };

  return (
    <>
      {confirmations}
      <Drawer
        open={robotId !== undefined}
        onClose={onClose}
        size={620}
        destroyOnHidden
        title={robot ? <Heading level={2}>{robot.name}</Heading> : null}
        extra={
          robot && manage.allowed ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  {
                    key: 'edit',
                    icon: <EditOutlined />,
                    label: t('actions.edit'),
                    onClick: () => onEdit(robot.id),
                  },
                  { key: 'renew', icon: <KeyOutlined />, label: t('actions.renew'), onClick: confirmRenew },
                  {
                    key: 'remove',
                    icon: <DeleteOutlined />,
                    danger: true,
                    label: t('actions.remove'),
                    onClick: confirmRemove,
                  },
                ],
              }}
            >
              <Button icon={<MoreOutlined />} aria-label={t('actions.more')} data-testid="robot-actions" />
            </Dropdown>
          ) : null
        }
        data-testid="robot-drawer"
      >
        {!robot ? (
          <Empty description={t('drawer.gone')} />
        ) : (
          <Flex vertical gap={16}>
            <RobotFacts
              robot={robot}
              buildingName={robot.buildingId ? buildings.get(robot.buildingId)?.name : undefined}
              floor={floor}
            />
            <RobotErrors errors={robot.errors} />
            <section aria-label={t('drawer.map')}>
              {robot.position ? (
                <FloorMap
                  store={live.store}
                  floorId={robot.position.mapId}
                  geometry={geometryOf(floor?.map ?? null)}
                  stations={stations.data}
                  selectedId={robot.id}
                  compact
                  style={{ height: 260 }}
                />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.noPosition')} />
              )}
            </section>
            <section aria-labelledby="robot-commands-title">
              <Heading level={2} id="robot-commands-title" style={{ marginBottom: 8 }}>
                {t('drawer.commands')}
              </Heading>
              <RobotCommands robot={robot} stations={stations.data ?? []} operate={operate} />
            </section>
            <section aria-labelledby="robot-history-title">
              <Heading level={2} id="robot-history-title" style={{ marginBottom: 8 }}>
                {t('drawer.history')}
              </Heading>
              <Suspense fallback={<Spin />}>
                <RobotHistoryChart robotId={robot.id} />
              </Suspense>
            </section>
          </Flex>
        )}
      </Drawer>
    </>
  );
}
