import type { MiniDevice, PageResult } from '@fleet/contract';
import { Button, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { DateTimeText } from '../../components/DateTimeText';
import { pagerOf } from '../../components/use-paged-search';
import { CallStateTag } from './CallStateTag';
import { type DeviceAction, DeviceActions } from './DeviceActions';
import { DeviceStatus } from './DeviceStatus';
import { type DeviceListState, isFiltered } from './devices-list.utils';

interface Props {
  page: PageResult<MiniDevice> | undefined;
  loading: boolean;
  state: DeviceListState;
  onPage: (page: number, pageSize: number) => void;
  manage: CanAnswer;
  onOpen: (device: MiniDevice) => void;
  onAction: (action: DeviceAction, device: MiniDevice) => void;
}

export function DevicesTable({ page, loading, state, onPage, manage, onOpen, onAction }: Props) {
  const { t } = useTranslation('devices');

  const columns = useMemo<TableColumnsType<MiniDevice>>(
    () => [
      {
        title: t('columns.device'),
        key: 'device',
        render: (_, d) => (
          <Flex vertical>
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', fontWeight: 600, justifyContent: 'flex-start' }}
              data-testid="device-open"
              aria-label={t('actions.openOf', { label: d.label })}
              onClick={() => onOpen(d)}
            >
              {d.label}
            </Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.name}
            </Typography.Text>
          </Flex>
        ),
      },
      { title: t('columns.type'), key: 'type', render: (_, d) => t(`types.${d.type}`) },
      {
        title: t('columns.place'),
        key: 'place',
        render: (_, d) =>
          d.buildingName ? (
            <Flex vertical>
              <span>{d.buildingName}</span>
              {d.floorName && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {d.floorName}
                </Typography.Text>
              )}
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('place.unbound')}</Typography.Text>
          ),
      },
      { title: t('columns.status'), key: 'status', render: (_, d) => <DeviceStatus live={d.live} /> },
      {
        title: t('columns.call'),
        key: 'call',
        render: (_, d) =>
          d.openCall ? (
            <CallStateTag
              state={d.openCall.state}
              robotName={d.openCall.robotName}
              queuePosition={d.openCall.queuePosition}
            />
          ) : (
            <Typography.Text type="secondary">–</Typography.Text>
          ),
      },
      {
        title: t('columns.lastSeen'),
        key: 'lastSeen',
        render: (_, d) =>
          d.live.lastSeenAt ? (
            <DateTimeText iso={d.live.lastSeenAt} />
          ) : (
            <Typography.Text type="secondary">{t('live.never')}</Typography.Text>
          ),
      },
      {
        title: t('columns.actions'),
        key: 'actions',
        // A row's actions stay in view while a narrow screen scrolls the other columns.
        fixed: 'right',
        render: (_, d) => <DeviceActions device={d} manage={manage} onAction={onAction} />,
      },
    ],
    [t, manage, onOpen, onAction],
  );

  const emptyText = isFiltered(state) ? (
    t('noMatch')
  ) : (
    <Empty
      description={
        <>
          <strong>{t('device.empty.title')}</strong>
          <div>{t('device.empty.description')}</div>
        </>
      }
    />
  );

  return (
    <Table<MiniDevice>
      rowKey="id"
      data-testid="devices-table"
      columns={columns}
      dataSource={page?.list}
      loading={loading && !page}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText }}
      pagination={pagerOf(state, page?.totalCnt, (total) => t('total', { total }))}
      onChange={(p) => onPage(p.current ?? 1, p.pageSize ?? state.pageSize)}
    />
  );
}
