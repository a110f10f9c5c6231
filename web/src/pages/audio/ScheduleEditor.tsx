import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PLAY_WINDOWS_MAX, type PlaylistSchedule } from '@fleet/contract';
import { Button, Checkbox, DatePicker, Flex, Form, InputNumber, Slider, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CanAnswer } from '../../access/use-can';
import { useLanguage } from '../../components/DateTimeText';
import { ClockInput } from './ClockInput';
import {
  type BuildingVerdict,
  crossesMidnight,
  intervalText,
  WEEK,
  weekdayName,
  wholeDay,
} from './schedule.utils';

interface Props {
  schedule: PlaylistSchedule;
  manage: CanAnswer;
  /** Whether it would play now in each target building, on its own clock. */
  verdicts: readonly BuildingVerdict[];
  onChange: (schedule: PlaylistSchedule) => void;
}

const DAY = 'YYYY-MM-DD';

/** When a playlist plays, on each target building's wall clock: dates, weekdays, windows, pause, volume. */
export function ScheduleEditor({ schedule, manage, verdicts, onChange }: Props) {
  const { t } = useTranslation('audio');
  const lng = useLanguage();
  const disabled = !manage.allowed;
  const set = (change: Partial<PlaylistSchedule>) => onChange({ ...schedule, ...change });
  const windows = schedule.windows;

  return (
    <Form layout="vertical" component="div" disabled={disabled} data-testid="playlist-schedule">
      <Typography.Paragraph type="secondary">{t('schedule.clockNote')}</Typography.Paragraph>
      <Flex gap={24} wrap>
        <Flex vertical style={{ flex: '1 1 340px', minWidth: 0 }}>
          <Form.Item label={t('schedule.dates')} extra={t('schedule.datesHint')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              placeholder={[t('schedule.fromPublication'), t('schedule.untilChanged')]}
              value={[
                schedule.validFrom ? dayjs(schedule.validFrom) : null,
                schedule.validTo ? dayjs(schedule.validTo) : null,
              ]}
              onChange={(range) =>
                set({
                  validFrom: range?.[0] ? range[0].format(DAY) : null,
                  validTo: range?.[1] ? range[1].format(DAY) : null,
                })
              }
              style={{ width: '100%', maxWidth: 340 }}
            />
          </Form.Item>
          <Form.Item label={t('schedule.weekdays')}>
            <Checkbox.Group
              value={schedule.weekdays}
              onChange={(days) => set({ weekdays: [...(days as number[])].sort((a, b) => a - b) })}
              options={WEEK.map((d) => ({
                value: d,
                label: weekdayName(d, lng),
                // At least one weekday: the last one cannot be taken away.
                disabled: schedule.weekdays.length === 1 && schedule.weekdays[0] === d,
              }))}
            />
          </Form.Item>
          <Form.Item label={t('schedule.windows')} extra={t('schedule.windowsHint')}>
            <Flex vertical gap={8}>
              {windows.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: windows have no id; a row is its place in the list
                <Flex key={i} gap={8} align="center" wrap>
                  <ClockInput
                    aria-label={t('schedule.fromOf', { n: i + 1 })}
                    value={w.from}
                    onChange={(from) =>
                      from && set({ windows: windows.map((x, j) => (j === i ? { ...x, from } : x)) })
                    }
                  />
                  <span aria-hidden>–</span>
                  <ClockInput
                    aria-label={t('schedule.toOf', { n: i + 1 })}
                    value={w.to}
                    onChange={(to) =>
                      to && set({ windows: windows.map((x, j) => (j === i ? { ...x, to } : x)) })
                    }
                  />
                  {crossesMidnight(w) && <Tag color="blue">{t('schedule.pastMidnight')}</Tag>}
                  {wholeDay(w) && <Tag>{t('schedule.wholeDay')}</Tag>}
                  <Button
                    type="text"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('schedule.removeWindow')}
                    title={t('schedule.removeWindow')}
                    onClick={() => set({ windows: windows.filter((_, j) => j !== i) })}
                  />
                </Flex>
              ))}
              {windows.length === 0 && (
                <Typography.Text type="secondary">{t('schedule.allDay')}</Typography.Text>
              )}
              <Button
                icon={<PlusOutlined aria-hidden />}
                disabled={disabled || windows.length >= PLAY_WINDOWS_MAX}
                onClick={() => set({ windows: [...windows, { from: '09:00', to: '18:00' }] })}
                style={{ alignSelf: 'flex-start' }}
                data-testid="schedule-add-window"
              >
                {t('schedule.addWindow')}
              </Button>
            </Flex>
          </Form.Item>
        </Flex>
        <Flex vertical style={{ flex: '1 1 300px', minWidth: 0 }}>
          <Form.Item label={t('schedule.interval')} extra={t('schedule.intervalHint')}>
            <Flex gap={8} align="center" wrap>
              <InputNumber
                min={0}
                max={86_400}
                step={30}
                value={schedule.intervalS}
                onChange={(v) => typeof v === 'number' && set({ intervalS: Math.round(v) })}
                suffix={t('schedule.seconds')}
                style={{ width: 150 }}
                aria-label={t('schedule.interval')}
              />
              <Typography.Text type="secondary">{intervalText(schedule.intervalS, lng)}</Typography.Text>
            </Flex>
          </Form.Item>
          <Form.Item label={t('schedule.volume')} extra={t('schedule.volumeHint')}>
            <Flex gap={12} align="center">
              <Slider
                min={0}
                max={100}
                value={schedule.volume}
                onChange={(volume) => set({ volume })}
                style={{ flex: 1 }}
              />
              <InputNumber
                min={0}
                max={100}
                value={schedule.volume}
                onChange={(v) => typeof v === 'number' && set({ volume: Math.round(v) })}
                suffix="%"
                style={{ width: 90 }}
                aria-label={t('schedule.volume')}
              />
            </Flex>
          </Form.Item>
          <Form.Item label={t('schedule.now')}>
            {verdicts.length === 0 ? (
              <Typography.Text type="secondary">{t('schedule.noBuildings')}</Typography.Text>
            ) : (
              <Flex vertical gap={6} data-testid="schedule-verdicts">
                {verdicts.map((v) => (
                  <Flex key={v.buildingId} gap={8} align="center" wrap>
                    <Tag color={v.allowed ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
                      {v.allowed
                        ? t('schedule.playsNow')
                        : t(`schedule.refusals.${v.reason ?? 'outsideWindows'}`)}
                    </Tag>
                    <span>{v.buildingName}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {v.timeZone}
                    </Typography.Text>
                  </Flex>
                ))}
              </Flex>
            )}
          </Form.Item>
        </Flex>
      </Flex>
    </Form>
  );
}
