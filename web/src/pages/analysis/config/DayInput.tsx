import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT } from './day.utils';

interface Props {
  /** YYYY-MM-DD. */
  value?: string | undefined;
  onChange?: (value: string | undefined) => void;
  id?: string;
  disabledDate?: (day: Dayjs) => boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A calendar day kept as the contract writes it, shown in the console's language. */
export function DayInput({ value, onChange, ...rest }: Props) {
  return (
    <DatePicker
      {...rest}
      allowClear={false}
      format="LL"
      value={value ? dayjs(value, DAY_FORMAT) : null}
      onChange={(d) => onChange?.(d ? d.format(DAY_FORMAT) : undefined)}
      style={{ width: 220 }}
    />
  );
}
