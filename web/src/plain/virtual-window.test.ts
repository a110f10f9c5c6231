import { describe, expect, it } from 'vitest';
import { visibleRows } from './virtual-window';

describe('visibleRows', () => {
  it.each([
    // count, row, scrollTop, viewport, overscan → start, end
    [0, 57, 0, 500, 4, 0, 0],
    [8, 57, 0, 500, 4, 0, 8],
    [1000, 57, 0, 570, 4, 0, 14],
    [1000, 57, 5700, 570, 4, 96, 114],
    [1000, 57, 5720, 570, 0, 100, 111],
    [1000, 57, 57_000, 570, 4, 996, 1000],
    [1000, 57, -40, 570, 2, 0, 12],
    [10, 0, 0, 500, 4, 0, 0],
  ])(
    '%i rows of %i px at %i through %i (overscan %i): %i to %i',
    (count, row, top, view, over, start, end) => {
      expect(visibleRows(count, row, top, view, over)).toEqual({ start, end });
    },
  );
});
