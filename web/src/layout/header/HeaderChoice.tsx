import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';

interface Props<V extends string> {
  testId: string;
  label: string;
  icon?: ReactNode;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/**
 * A header selector: the current value on a text button, the choices in a menu. The side menu already
 * loads antd's menu, so this costs nothing more, where a Select would add its own popup and list code.
 */
export function HeaderChoice<V extends string>({ testId, label, icon, value, options, onChange }: Props<V>) {
  const current = options.find((o) => o.value === value);
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
      <Button type="text" icon={icon} data-testid={testId} aria-label={`${label}: ${current?.label ?? ''}`}>
        {current?.label ?? label}
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
