/** The rows to draw of a list of `count` rows, each `rowHeight` tall, seen through `viewport` px at `scrollTop`. */
export function visibleRows(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewport: number,
  overscan = 4,
): { start: number; end: number } {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewport)) / rowHeight);
  return {
    start: Math.min(count, Math.max(0, first - overscan)),
    end: Math.min(count, last + overscan),
  };
}
