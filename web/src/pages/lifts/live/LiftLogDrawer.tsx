import { LIFT_EVENT_KINDS, type LiftEvent, type LiftLiveView } from '@fleet/contract';
import { Button, DatePicker, Drawer, Flex, Select, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiftEventsQuery } from '../../../api/lifts/lift-events-query';
import { DateTimeText } from '../../../components/DateTimeText';
import { eventDetail } from './lift-log.utils';

interface Props {
  lift: LiftLiveView;
  robotName: (id: string) => string;
  onClose: () => void;
}

/** What happened at one lift, newest first: filter by kind and time, page back. */
export function LiftLogDrawer({ lift, robotName, onClose }: Props) {
  const { t } = useTranslation('lifts');
  const [kinds, setKinds] = useState<string[]>([]);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const events = useLiftEventsQuery(lift.id, {
    kinds,
    from: range?.[0]?.toISOString(),
    to: range?.[1]?.toISOString(),
    page,
  });
  const columns: TableColumnsType<LiftEvent> = [
    {
      title: t('live.log.at'),
      dataIndex: 'at',
      width: 190,
      render: (at: string) => <DateTimeText iso={at} />,
    },
    {
      title: t('live.log.kind'),
      dataIndex: 'kind',
      width: 150,
      render: (k: string) => t(`live.log.kinds.${k}`, k),
    },
    {
      title: t('live.log.robot'),
      dataIndex: 'robotId',
      width: 140,
      render: (id: string | null) => (id ? robotName(id) : ''),
    },
    { title: t('live.log.detail'), key: 'detail', render: (_, e) => eventDetail(e, t) },
  ];
  return (
    <Drawer
      open
      width={900}
      title={t('live.log.title', { lift: lift.name })}
      onClose={onClose}
      destroyOnHidden
    >
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 280 }}
          placeholder={t('live.log.allKinds')}
          value={kinds}
          onChange={(v) => {
            setKinds(v);
            setPage(1);
          }}
          options={LIFT_EVENT_KINDS.map((k) => ({ value: k, label: t(`live.log.kinds.${k}`) }))}
          data-testid="lift-log-kinds"
        />
        <DatePicker.RangePicker
          showTime
          value={range}
          onChange={(v) => {
            setRange(v);
            setPage(1);
          }}
        />
      </Flex>
      <Table<LiftEvent>
        size="small"
        rowKey="id"
        loading={events.isLoading}
        dataSource={events.data?.list ?? []}
        columns={columns}
        pagination={false}
        data-testid="lift-log"
        scroll={{ x: 700 }}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        <Button disabled={page === 1} onClick={() => setPage(page - 1)}>
          {t('live.log.newer')}
        </Button>
        <Button disabled={!events.data?.hasMore} onClick={() => setPage(page + 1)}>
          {t('live.log.older')}
        </Button>
      </Flex>
    </Drawer>
  );
}
