import { describe, expect, it } from 'vitest';
import { centreOn, fitView, MAX_PPM, panBy, toScreen, toWorld, zoomAt } from './view';

const size = { width: 800, height: 600 };

describe('floor map view', () => {
  it('puts the centre in the middle and y upwards', () => {
    const view = { cx: 10, cy: 5, ppm: 20 };
    expect(toScreen(view, size, 10, 5)).toEqual({ sx: 400, sy: 300 });
    expect(toScreen(view, size, 11, 6)).toEqual({ sx: 420, sy: 280 });
  });

  it('toWorld undoes toScreen', () => {
    const view = { cx: -3.5, cy: 7.25, ppm: 13 };
    const { sx, sy } = toScreen(view, size, 4.2, -1.1);
    const back = toWorld(view, size, sx, sy);
    expect(back.x).toBeCloseTo(4.2, 9);
    expect(back.y).toBeCloseTo(-1.1, 9);
  });

  it('fits a 60 × 40 m floor into the canvas, limited by the tighter side', () => {
    const view = fitView({ minX: 0, minY: 0, maxX: 60, maxY: 40 }, size, 0);
    expect(view).toEqual({ cx: 30, cy: 20, ppm: Math.min(800 / 60, 600 / 40) });
  });

  it('zooming keeps the point under the pointer still', () => {
    const view = { cx: 0, cy: 0, ppm: 10 };
    const before = toWorld(view, size, 100, 500);
    const zoomed = zoomAt(view, size, 100, 500, 2);
    expect(zoomed.ppm).toBe(20);
    const after = toWorld(zoomed, size, 100, 500);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('zoom stops at the limit', () => {
    expect(zoomAt({ cx: 0, cy: 0, ppm: 300 }, size, 0, 0, 10).ppm).toBe(MAX_PPM);
  });

  it('dragging right and down shows what is left and up', () => {
    const view = panBy({ cx: 0, cy: 0, ppm: 10 }, 50, 20);
    expect(view.cx).toBe(-5);
    expect(view.cy).toBe(2);
  });

  it('centres on a robot', () => {
    expect(centreOn({ cx: 0, cy: 0, ppm: 10 }, 3, 4)).toEqual({ cx: 3, cy: 4, ppm: 10 });
  });
});
