import { Dropdown } from 'antd';
import type { ReactElement } from 'react';

export interface ChoiceDropdownProps<V extends string> {
  testId: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  children: ReactElement;
}

/** HeaderChoice's menu, loaded when its button is first reached. */
export function ChoiceDropdown<V extends string>({
  testId,
  value,
  options,
  onChange,
  children,
}: ChoiceDropdownProps<V>) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: options.map((o) => ({
          key: o.value,
          label: <span data-testid={`${testId}-option`}>{o.label}</span>,
        })),
        selectable: true,
        selectedKeys: value ? [value] : [],
        onClick: ({ key }) => {
          const chosen = options.find((o) => o.value === key);
          if (chosen && chosen.value !== value) onChange(chosen.value);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
