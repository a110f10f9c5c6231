import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { onDemand, useOnDemandPopup } from '../../plain/on-demand';

interface Props<V extends string> {
  testId: string;
  label: string;
  icon?: ReactNode;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

const choiceMenu = onDemand(() => import('./ChoiceDropdown'));

/**
 * A header selector: the current value on a text button, the choices in a menu (antd's Dropdown, loaded
 * when the button is first reached: see on-demand.ts).
 */
export function HeaderChoice<V extends string>({ testId, label, icon, value, options, onChange }: Props<V>) {
  const popup = useOnDemandPopup(choiceMenu);
  const current = options.find((o) => o.value === value);
  const button = (
    <Button
      {...popup.triggerProps}
      type="text"
      icon={icon}
      data-testid={testId}
      aria-label={`${label}: ${current?.label ?? ''}`}
    >
      {current?.label ?? label}
      <DownOutlined aria-hidden style={{ fontSize: 10 }} />
    </Button>
  );
  if (!popup.module) return button;
  const { ChoiceDropdown } = popup.module;
  return (
    <ChoiceDropdown<V> testId={testId} value={value} options={options} onChange={onChange}>
      {button}
    </ChoiceDropdown>
  );
}
