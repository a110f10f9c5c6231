import type { TimeWindow } from '@fleet/contract';
import { Flex, Tag, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { windowKind } from './calendar.utils';

interface Props {
  value?: TimeWindow | undefined;
  onChange?: (value: TimeWindow | undefined) => void;
  id?: string;
  'aria-label'?: string;
}

const at = (time: string) => dayjs(`2000-01-01T${time}`);

/**
 * One shift window, HH:mm on the building's clock. The ends are not reordered: an end before the start is a
 * window running past midnight, and the same start and end is the whole day; a tag says which.
 */
export function WindowRange({ value, onChange, id, ...rest }: Props) {
  const { t } = useTranslation('analysis');
  const kind = value ? windowKind(value) : 'sameDay';
  const change = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? [null, null];
    onChange?.(from && to ? { from: from.format('HH:mm'), to: to.format('HH:mm') } : undefined);
  };
  return (
    <Flex align="center" gap={6}>
      <TimePicker.RangePicker
        id={id}
        aria-label={rest['aria-label']}
        format="HH:mm"
        minuteStep={15}
        order={false}
        allowClear={false}
        value={value ? [at(value.from), at(value.to)] : null}
        onChange={change}
        style={{ width: 200 }}
      />
      {kind === 'overnight' && <Tag color="purple">{t('config.calendar.overnight')}</Tag>}
      {kind === 'allDay' && <Tag color="blue">{t('config.calendar.allDay')}</Tag>}
    </Flex>
  );
}
