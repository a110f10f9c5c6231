import type { InputHTMLAttributes, ReactNode } from 'react';
import './plain-checkbox.css';

/** antd's Checkbox: a native checkbox in antd's look, its label beside it. */
export function PlainCheckbox({
  children,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { children: ReactNode }) {
  return (
    <label className="fc-checkbox">
      <input {...rest} type="checkbox" />
      <span>{children}</span>
    </label>
  );
}
