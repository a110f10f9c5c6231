import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InstantIndex, PieceIndex } from './facts-by-day.js';

/* The indexes give a day exactly the rows the plain filters gave, in the same order. */

const H = 3_600_000;

describe('InstantIndex', () => {
  it('finds the rows of [from, to) in their original order', () => {
    const rows = [{ at: 5 }, { at: 1 }, { at: 3 }, { at: 3 }, { at: 9 }, { at: 2 }];
    const index = new InstantIndex(rows, (r) => r.at);
    expect(index.within(2, 5)).toEqual([rows[2], rows[3], rows[5]]);
    expect(index.within(3, 4).map((r) => rows.indexOf(r))).toEqual([2, 3]);
    expect(index.within(10, 20)).toEqual([]);
    expect(index.within(0, 100)).toEqual(rows);
  });

  it('agrees with filtering every row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 60 }),
        fc.integer({ min: -5, max: 105 }),
        fc.integer({ min: 0, max: 50 }),
        (ats, from, length) => {
          const rows = ats.map((at, id) => ({ id, at }));
          const index = new InstantIndex(rows, (r) => r.at);
          // Asked twice: a query must not disturb the next.
          index.within(from + 1, from + length + 1);
          expect(index.within(from, from + length)).toEqual(
            rows.filter((r) => r.at >= from && r.at < from + length),
          );
        },
      ),
    );
  });
});

describe('PieceIndex', () => {
  const piece = (start: number, end: number) => ({ start, end });

  it('finds pieces overlapping a span, with one that began long before', () => {
    const rows = [piece(0, 30 * H), piece(1 * H, 2 * H), piece(2 * H, 3 * H), piece(25 * H, 26 * H)];
    const index = new PieceIndex(
      rows,
      (p) => p.start,
      (p) => p.end,
    );
    expect(index.overlapping(24 * H - 1000, 48 * H)).toEqual([rows[0], rows[3]]);
    expect(index.overlapping(2 * H - 1000, 2 * H)).toEqual([rows[0], rows[1]]);
    expect(index.overlapping(3 * H, 24 * H)).toEqual([rows[0]]);
  });

  it('refuses pieces out of order', () => {
    expect(
      () =>
        new PieceIndex(
          [piece(5, 6), piece(1, 2)],
          (p) => p.start,
          (p) => p.end,
        ),
    ).toThrow(/sorted/);
  });

  it('agrees with filtering every piece', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 40 })), {
          maxLength: 60,
        }),
        fc.integer({ min: -5, max: 105 }),
        fc.integer({ min: 0, max: 50 }),
        (spans, after, length) => {
          const rows = spans
            .map(([start, length]) => piece(start, start + length))
            .sort((a, b) => a.start - b.start);
          const index = new PieceIndex(
            rows,
            (p) => p.start,
            (p) => p.end,
          );
          expect(index.overlapping(after, after + length)).toEqual(
            rows.filter((p) => p.end > after && p.start < after + length),
          );
        },
      ),
    );
  });
});
