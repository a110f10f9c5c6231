import { TimePicker } from 'antd';
import dayjs from 'dayjs';

interface Props {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  'aria-label'?: string;
  status?: 'error';
}

/** A wall-clock time of day, `HH:MM` (24 h), as the contract writes it; the building's clock, not the browser's. */
export function ClockInput({ value, onChange, ...rest }: Props) {
  return (
    <TimePicker
      {...rest}
      format="HH:mm"
      minuteStep={5}
      needConfirm={false}
      allowClear={false}
      value={value ? dayjs(`2000-01-01T${value}`) : null}
      onChange={(v) => onChange?.(v ? v.format('HH:mm') : undefined)}
      style={{ width: 110 }}
    />
  );
}
