import type { HTMLAttributes } from 'react';
import './status-dot.css';

export type DotStatus = 'success' | 'processing' | 'warning' | 'error';

type Props = Omit<HTMLAttributes<HTMLSpanElement>, 'color'> & {
  text: string;
} & ({ status: DotStatus; color?: undefined } | { color: string; status?: undefined });

/** antd's status Badge (a dot and a text): a preset status, or any colour. */
export function StatusDot({ status, color, text, className, ...rest }: Props) {
  return (
    <span {...rest} className={className ? `fc-badge ${className}` : 'fc-badge'}>
      <span
        className={status ? `fc-badge-dot fc-badge-${status}` : 'fc-badge-dot'}
        style={color ? { color, background: color } : undefined}
      />
      <span className="fc-badge-text">{text}</span>
    </span>
  );
}
