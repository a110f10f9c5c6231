import { useId } from 'react';
import './plain-segmented.css';

interface Props<T extends string> {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  block?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** antd's Segmented: a radio group drawn as one bar, the chosen option raised. */
export function PlainSegmented<T extends string>({
  value,
  options,
  onChange,
  block = false,
  style,
  ...rest
}: Props<T>) {
  const name = useId();
  return (
    <div
      {...rest}
      role="radiogroup"
      style={style}
      className={block ? 'fc-segmented fc-segmented-block' : 'fc-segmented'}
    >
      <div className="fc-segmented-group">
        {options.map((option) => (
          <label
            key={option.value}
            className={
              option.value === value ? 'fc-segmented-item fc-segmented-item-selected' : 'fc-segmented-item'
            }
          >
            <input
              className="fc-segmented-item-input"
              type="radio"
              name={name}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <div className="fc-segmented-item-label" title={option.label}>
              {option.label}
            </div>
          </label>
        ))}
      </div>
    </div>
  );
}
