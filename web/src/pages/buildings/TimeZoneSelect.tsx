import { Select } from 'antd';
import { useMemo } from 'react';
import { supportedTimeZones, timeZoneOptions } from './time-zones.utils';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** Every IANA zone the browser knows, searchable by name or offset ("Berlin", "GMT+09"). */
export function TimeZoneSelect({ value, onChange, id }: Props) {
  // Built once per opening: 400-odd formatters are cheap once, not on every keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list keeps the zone the form started with
  const options = useMemo(() => timeZoneOptions(supportedTimeZones(), value, new Date()), []);
  return (
    <Select
      id={id}
      data-testid="building-form-time-zone"
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      options={options}
      virtual
    />
  );
}
