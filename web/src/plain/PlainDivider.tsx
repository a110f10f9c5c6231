import type { ReactNode } from 'react';
import './plain-divider.css';

/** antd's plain horizontal Divider with a text in the middle. */
export function PlainDivider({ children }: { children: ReactNode }) {
  return (
    <div className="fc-divider">
      <span className="fc-divider-text">{children}</span>
    </div>
  );
}
