import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** How long after its last scroll event the table counts as still: one scroll gesture, not each step. */
const SETTLE_MS = 250;

export interface TableScroll {
  scroller: RefObject<HTMLDivElement | null>;
  /** How many whole steps of `stepPx` the table is scrolled down. */
  step: number;
  /** Whether columns hide before or after the view (antd's shadows at the fixed column and the far edge). */
  more: { start: boolean; end: boolean };
  onScroll: () => void;
}

/**
 * Where a virtual table is scrolled to, in steps of `stepPx`: the caller re-renders only when the table crosses
 * into another step, not at each scroll event, and `onScrolling` hears when a gesture starts and settles.
 */
export function useTableScroll(stepPx: number, onScrolling?: (scrolling: boolean) => void): TableScroll {
  const scroller = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState(0);
  const [more, setMore] = useState({ start: false, end: false });
  const left = useRef(-1);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const heard = useRef(onScrolling);
  heard.current = onScrolling;

  const measure = useCallback(
    (resized: boolean) => {
      const el = scroller.current;
      if (!el) return;
      setStep(Math.floor(Math.max(0, el.scrollTop) / stepPx));
      // Widths are read only when the table scrolled sideways or resized: reading them at every vertical scroll
      // step forced the browser to lay out the table again in the middle of the frame.
      if (!resized && el.scrollLeft === left.current) return;
      left.current = el.scrollLeft;
      const start = el.scrollLeft > 0;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
    },
    [stepPx],
  );

  const onScroll = useCallback(() => {
    measure(false);
    if (settle.current === undefined) heard.current?.(true);
    else clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      settle.current = undefined;
      heard.current?.(false);
    }, SETTLE_MS);
  }, [measure]);

  useEffect(() => {
    measure(true);
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure(true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useEffect(
    () => () => {
      if (settle.current !== undefined) clearTimeout(settle.current);
    },
    [],
  );

  return { scroller, step, more, onScroll };
}
