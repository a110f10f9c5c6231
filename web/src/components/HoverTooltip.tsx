import type { TooltipPlacement } from 'antd/es/tooltip';
import { lazy, type ReactNode, Suspense, useState } from 'react';

const AnchoredTooltip = lazy(() => import('./AnchoredTooltip'));

/**
 * antd's Tooltip, loaded when the pointer or the focus first reaches what it explains: a screen drawing many
 * of them (the robot table's times) does not load antd's popup code before anyone hovers one.
 */
export function HoverTooltip({
  title,
  placement,
  block = false,
  children,
}: {
  title: ReactNode;
  placement?: TooltipPlacement;
  /** Takes the whole width, as a block, instead of the width of what it holds. */
  block?: boolean;
  children: ReactNode;
}) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const show = () => {
    setArmed(true);
    setOpen(true);
  };
  const hide = () => setOpen(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only watches the pointer and focus of what it holds
    <span
      style={{ position: 'relative', display: block ? 'flex' : 'inline-flex', maxWidth: '100%' }}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {children}
      {armed && title ? (
        <Suspense fallback={null}>
          <AnchoredTooltip title={title} open={open} placement={placement} />
        </Suspense>
      ) : null}
    </span>
  );
}
