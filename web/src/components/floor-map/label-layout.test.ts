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
});
