import { Tooltip } from 'antd';
import type { TooltipPlacement } from 'antd/es/tooltip';
import type { ReactNode } from 'react';

/**
 * antd's Tooltip over an empty box laid on what it explains (HoverTooltip's wrapper), so that the explained
 * element itself is never re-created when antd arrives.
 */
export default function AnchoredTooltip({
  title,
  open,
  placement,
}: {
  title: ReactNode;
  open: boolean;
  placement?: TooltipPlacement;
}) {
  return (
    <Tooltip title={title} open={open} placement={placement}>
      <span aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
    </Tooltip>
  );
}
