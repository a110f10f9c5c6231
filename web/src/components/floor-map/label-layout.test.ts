import { describe, expect, it } from 'vitest';
import { LabelLayout } from './label-layout';

const box = (x: number, y: number, width = 40, height = 12) => ({ x, y, width, height });

describe('LabelLayout', () => {
  it('keeps labels that do not touch', () => {
    const layout = new LabelLayout();
    expect(layout.place(box(0, 0))).toBe(true);
    expect(layout.place(box(50, 0))).toBe(true);
    expect(layout.place(box(0, 20))).toBe(true);
  });

  it('leaves out a label that would cover one placed before it', () => {
    const layout = new LabelLayout();
    expect(layout.place(box(0, 0))).toBe(true);
    // "Charger 1" and "Charger 2" side by side, 38 px apart: the second is left out.
    expect(layout.place(box(38, 0))).toBe(false);
    expect(layout.place(box(10, 5))).toBe(false);
  });

  it('keeps a small gap between neighbours', () => {
    const layout = new LabelLayout();
    layout.place(box(0, 0));
    expect(layout.place(box(41, 0))).toBe(false);
    expect(layout.place(box(43, 0))).toBe(true);
  });

  it('keeps clear of boxes it started with, and of boxes in other cells it reaches into', () => {
    const layout = new LabelLayout([box(60, 60)]);
    expect(layout.place(box(90, 62))).toBe(false);
    expect(layout.place(box(200, 60, 100))).toBe(true);
    expect(layout.place(box(250, 64))).toBe(false);
    expect(layout.boxes()).toHaveLength(2);
  });

  it('places thousands of names a frame quickly', () => {
    const layout = new LabelLayout();
    const started = performance.now();
    let kept = 0;
    for (let i = 0; i < 5000; i++) if (layout.place(box((i * 37) % 1600, (i * 53) % 1000, 80))) kept++;
    expect(kept).toBeGreaterThan(100);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
