import type { HTMLAttributes, KeyboardEvent, ReactNode } from 'react';
import './plain-tag.css';

/** antd's Tag (filled, colours from `style`) as a plain span. */
export function PlainTag({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return <span {...rest} className={className ? `fc-tag ${className}` : 'fc-tag'} />;
}

interface CheckableProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'onChange'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/** antd's Tag.CheckableTag: a checkbox drawn as a tag, toggled by a click or the space bar. */
export function PlainCheckableTag({ checked, onChange, children, ...rest }: CheckableProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== ' ') return;
    e.preventDefault();
    if (!e.repeat) onChange(!checked);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: antd's checkable tag, kept as the same span with a role
    <span
      {...rest}
      role="checkbox"
      aria-checked={checked}
      tabIndex={0}
      className={checked ? 'fc-tag fc-tag-checkable fc-tag-checkable-checked' : 'fc-tag fc-tag-checkable'}
      onClick={() => onChange(!checked)}
      onKeyDown={onKeyDown}
    >
      <span>{children}</span>
    </span>
  );
}
