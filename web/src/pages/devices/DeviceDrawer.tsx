import { CALLING_TYPES, type MiniDevice } from '@fleet/contract';
import { Button, Descriptions, Drawer, Empty, Flex, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useDeviceCallsQuery } from '../../api/devices/device-calls-query';
import { useDeviceCancelCallMutation } from '../../api/devices/device-mutations';
import { DEVICE_LIVE_REFRESH_MS, DEVICE_REFRESH_MS, useDeviceQuery } from '../../api/devices/device-query';
import { useRobotNamesQuery } from '../../api/robots/robot-names-query';
import { DateTimeText } from '../../components/DateTimeText';
import { Heading } from '../../components/Panel';
import { overlay } from '../../live/device-store';
import { useUnits } from '../../units/use-units';
import { CallStateTag } from './CallStateTag';
import { type DeviceAction, DeviceActions } from './DeviceActions';
import { DevicePlaceMap } from './DevicePlaceMap';
import { DeviceStatus } from './DeviceStatus';
import { DeviceTimeline } from './DeviceTimeline';
import { useLiveDevicesContext, useLiveRefresh } from './live-devices-context';
import { usePushedSteps } from './use-pushed-steps';

interface Props {
  deviceId: string | undefined;
  manage: CanAnswer;
  onClose: () => void;
  onAction: (action: DeviceAction, device: MiniDevice) => void;
}

/** One device: its live state, its place with the robots coming, its open call, who may answer, its timeline. */
export default function DeviceDrawer({ deviceId, manage, onClose, onAction }: Props) {
  const { t } = useTranslation('devices');
  const refresh = useLiveRefresh(DEVICE_LIVE_REFRESH_MS, DEVICE_REFRESH_MS);
  const live = useLiveDevicesContext();
  const read = useDeviceQuery(deviceId, refresh).data;
  // Its live state and call as /live pushes them, over the device as the API gave it.
  const device = read && live ? overlay(read, live.views) : read;
  return (
    <Drawer
      open={deviceId !== undefined}
      onClose={onClose}
      size={620}
      destroyOnHidden
      title={device ? <Heading level={2}>{device.label}</Heading> : null}
      extra={device ? <DeviceActions device={device} manage={manage} onAction={onAction} /> : null}
      data-testid="device-drawer"
    >
      {!device ? (
        <Empty description={t('drawer.loading')} />
      ) : (
        <DeviceDetail device={device} manage={manage} />
      )}
    </Drawer>
  );
}

function DeviceDetail({ device, manage }: { device: MiniDevice; manage: CanAnswer }) {
  const { t } = useTranslation('devices');
  const units = useUnits();
  const robots = useRobotNamesQuery();
  const cancel = useDeviceCancelCallMutation();
  const calls = useDeviceCallsQuery(device.id, useLiveRefresh(DEVICE_LIVE_REFRESH_MS, DEVICE_REFRESH_MS));
  usePushedSteps(device);
  const calling = CALLING_TYPES.includes(device.type);
  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('drawer.name')}>{device.name}</Descriptions.Item>
        <Descriptions.Item label={t('columns.type')}>
          {t(`types.${device.type}`)}
          {device.model && ` · ${device.model}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.status')}>
          <DeviceStatus live={device.live} />
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.lastSeen')}>
          {device.live.lastSeenAt ? <DateTimeText iso={device.live.lastSeenAt} /> : t('live.never')}
        </Descriptions.Item>
        <Descriptions.Item label={t('drawer.firmware')}>{device.firmware ?? '–'}</Descriptions.Item>
        <Descriptions.Item label={t('columns.place')}>
          {device.buildingName
            ? [
                device.buildingName,
                device.floorName,
                device.point && `${units.length(device.point.x, 1)}, ${units.length(device.point.y, 1)}`,
              ]
                .filter(Boolean)
                .join(' · ')
            : t('place.unbound')}
        </Descriptions.Item>
        {calling && (
          <Descriptions.Item label={t('drawer.answeredBy')}>
            {device.allowedRobotIds.length === 0 && device.allowedModels.length === 0 ? (
              t('drawer.anyRobot')
            ) : (
              <Space size={4} wrap>
                {device.allowedRobotIds.map((id) => (
                  <Tag key={id}>{robots.data?.get(id) ?? id}</Tag>
                ))}
                {device.allowedModels.map((m) => (
                  <Tag key={m} color="blue">
                    {t('drawer.model', { model: m })}
                  </Tag>
                ))}
              </Space>
            )}
            <Typography.Text type="secondary">
              {' '}
              {t('drawer.minBattery', { percent: device.minBattery })}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {calling && (
        <section aria-labelledby="device-call-title">
          <Heading level={2} id="device-call-title" style={{ marginBottom: 8 }}>
            {t('drawer.openCall')}
          </Heading>
          {device.openCall ? (
            <Flex gap={12} align="center" wrap data-testid="device-open-call">
              <CallStateTag
                state={device.openCall.state}
                robotName={device.openCall.robotName}
                queuePosition={device.openCall.queuePosition}
              />
              <Typography.Text type="secondary">
                <DateTimeText iso={device.openCall.createdAt} />
              </Typography.Text>
              {manage.allowed && (
                <Button
                  size="small"
                  danger
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate(device.id)}
                >
                  {t('actions.cancelCall')}
                </Button>
              )}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('drawer.noOpenCall')}</Typography.Text>
          )}
        </section>
      )}
      {device.buildingId && device.floorId && (
        <section aria-label={t('drawer.map')}>
          <DevicePlaceMap
            buildingId={device.buildingId}
            floorId={device.floorId}
            point={device.point}
            label={device.label}
            height={260}
          />
        </section>
      )}
      {calling && (
        <section aria-labelledby="device-calls-title">
          <Heading level={2} id="device-calls-title" style={{ marginBottom: 8 }}>
            {t('drawer.calls')}
          </Heading>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={calls.data?.list}
            locale={{ emptyText: t('drawer.noCalls') }}
            columns={[
              { title: t('drawer.callAt'), key: 'at', render: (_, c) => <DateTimeText iso={c.createdAt} /> },
              {
                title: t('drawer.callState'),
                key: 'state',
                render: (_, c) => <CallStateTag state={c.state} />,
              },
              { title: t('drawer.callRobot'), key: 'robot', render: (_, c) => c.robotName ?? '–' },
              {
                title: t('drawer.callResponse'),
                key: 'response',
                render: (_, c) =>
                  c.arrivedAt
                    ? t('drawer.seconds', {
                        count: Math.round((Date.parse(c.arrivedAt) - Date.parse(c.createdAt)) / 1000),
                      })
                    : '–',
              },
            ]}
          />
        </section>
      )}
      <section aria-labelledby="device-timeline-title">
        <Heading level={2} id="device-timeline-title" style={{ marginBottom: 8 }}>
          {t('drawer.timeline')}
        </Heading>
        <DeviceTimeline deviceId={device.id} />
      </section>
    </Flex>
  );
}
