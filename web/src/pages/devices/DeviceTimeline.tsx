import type { DeviceEventDto } from '@fleet/contract';
import { Button, Empty, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceEventsQuery } from '../../api/devices/device-events-query';
import { DEVICE_LIVE_REFRESH_MS, DEVICE_REFRESH_MS } from '../../api/devices/device-query';
import { DateTimeText } from '../../components/DateTimeText';
import { useLiveRefresh } from './live-devices-context';

const PAGE = 20;

/** What the event's detail adds to its kind, in the reader's words where it is one of ours. */
function useDetail() {
  const { t } = useTranslation('devices');
  return (e: DeviceEventDto): string | null => {
    const d = e.detail;
    const parts: string[] = [];
    if (typeof d.note === 'string') parts.push(d.note);
    if (typeof d.why === 'string') parts.push(d.why);
    if (typeof d.building === 'string') parts.push([d.building, d.floor].filter(Boolean).join(' · '));
    if (d.test === true) parts.push(t('timeline.test'));
    if (d.repeated === true) parts.push(t('timeline.repeated'));
    if (typeof d.pagers === 'number') parts.push(t('timeline.pagers', { count: d.pagers }));
    if (typeof d.text === 'string') parts.push(d.text);
    if (e.actorName) parts.push(t('timeline.by', { name: e.actorName }));
    return parts.length ? parts.join(' — ') : null;
  };
}

/** The device's life, newest first: presses, calls' steps, online and offline, where it was placed. */
export function DeviceTimeline({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('devices');
  const [length, setLength] = useState(PAGE);
  const events = useDeviceEventsQuery(
    deviceId,
    length,
    useLiveRefresh(DEVICE_LIVE_REFRESH_MS, DEVICE_REFRESH_MS),
  );
  const detail = useDetail();
  const list = events.data?.list ?? [];
  if (events.data && list.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('timeline.empty')} />;
  return (
    <>
      <Timeline
        data-testid="device-timeline"
        items={list.map((e) => {
          const extra = detail(e);
          return {
            key: e.id,
            color: e.kind.startsWith('call') || e.kind.startsWith('robot') ? 'blue' : 'gray',
            children: (
              <>
                <div data-testid="device-event" data-kind={e.kind}>
                  <strong>{t(`timeline.kinds.${e.kind}`)}</strong>{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <DateTimeText iso={e.at} />
                  </Typography.Text>
                </div>
                {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
              </>
            ),
          };
        })}
      />
      {(events.data?.totalCnt ?? 0) > list.length && (
        <Button size="small" onClick={() => setLength((l) => l + PAGE)} loading={events.isFetching}>
          {t('timeline.more')}
        </Button>
      )}
    </>
  );
}
