import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import type { CanAnswer } from '../access/use-can';

/**
 * A control the user may not use keeps its reason as a tooltip; a disabled button fires no mouse events,
 * so the tooltip hangs on a wrapper.
 */
export function Guarded({ answer, children }: { answer: CanAnswer; children: ReactNode }) {
  if (answer.allowed) return children;
  return (
    <Tooltip title={answer.reason}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{children}</span>
    </Tooltip>
  );
}
