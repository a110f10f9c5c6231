import { CLOSED_DAYS_MAX } from '@fleet/contract';
import { DatePicker, Flex, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DAY_FORMAT } from './day.utils';
import { useDayLabel } from './use-day-label';

interface Props {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}

/** Days nobody works (holidays): picked one at a time, each shown as a tag that removes it. */
export function ClosedDaysField({ value = [], onChange, id }: Props) {
  const { t } = useTranslation('analysis');
  const dayLabel = useDayLabel();
  const days = [...value].sort();
  return (
    <Flex vertical gap={8}>
      <DatePicker
        id={id}
        value={null as Dayjs | null}
        format="LL"
        placeholder={t('config.calendar.addClosedDay')}
        aria-label={t('config.calendar.addClosedDay')}
        disabled={days.length >= CLOSED_DAYS_MAX}
        disabledDate={(d) => days.includes(d.format(DAY_FORMAT))}
        onChange={(d) => {
          if (d) onChange?.([...new Set([...days, d.format(DAY_FORMAT)])].sort());
        }}
        style={{ width: 220 }}
        data-testid="closed-day-add"
      />
      {days.length === 0 ? (
        <Typography.Text type="secondary">{t('config.calendar.noClosedDays')}</Typography.Text>
      ) : (
        <Flex gap={4} wrap data-testid="closed-days">
          {days.map((day) => (
            <Tag
              key={day}
              closable={{ 'aria-label': t('config.calendar.removeClosedDay', { day: dayLabel(day) }) }}
              onClose={() => onChange?.(days.filter((d) => d !== day))}
            >
              {dayLabel(day)}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
