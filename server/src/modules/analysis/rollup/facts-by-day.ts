/*
 * A batch of the roll-up reads a robot's facts over hundreds of days, then builds each day from its own few.
 * Filtering the whole batch for every day made a batch cost days × facts; these indexes find a day's rows by
 * binary search and give them in the order they were read, so a day is built from exactly the same rows as before.
 */

/** The first index in ascending `sorted` whose value is ≥ `value` (or its length). */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Rows by one instant: those in [from, to), in their original order. */
export class InstantIndex<T> {
  private readonly order: Int32Array;
  private readonly sorted: Float64Array;

  constructor(
    private readonly rows: readonly T[],
    instant: (row: T) => number,
  ) {
    const at = Float64Array.from(rows, instant);
    this.order = Int32Array.from(rows.keys()).sort((a, b) => (at[a] as number) - (at[b] as number) || a - b);
    this.sorted = Float64Array.from(this.order, (i) => at[i] as number);
  }

  within(from: number, to: number): T[] {
    const lo = lowerBound(this.sorted, from);
    const hi = lowerBound(this.sorted, to);
    return Array.from(this.order.slice(lo, hi).sort(), (i) => this.rows[i] as T);
  }
}

/**
 * A robot's state pieces, sorted by start as they are read: those that end after `after` and start before
 * `before`, in order. The running maximum of the ends lets a piece that started long before still be found.
 */
export class PieceIndex<T> {
  private readonly starts: Float64Array;
  private readonly ends: Float64Array;
  private readonly endsSoFar: Float64Array;

  constructor(
    private readonly rows: readonly T[],
    start: (row: T) => number,
    end: (row: T) => number,
  ) {
    this.starts = Float64Array.from(rows, start);
    this.ends = Float64Array.from(rows, end);
    let max = Number.NEGATIVE_INFINITY;
    this.endsSoFar = this.ends.map((e) => {
      max = Math.max(max, e);
      return max;
    });
    for (let i = 1; i < this.starts.length; i++) {
      if ((this.starts[i] as number) < (this.starts[i - 1] as number))
        throw new Error('state pieces must be sorted by start');
    }
  }

  overlapping(after: number, before: number): T[] {
    const hi = lowerBound(this.starts, before);
    // The first piece whose end, or an earlier piece's, passes `after`: none before it can.
    let lo = 0;
    let top = hi;
    while (lo < top) {
      const mid = (lo + top) >>> 1;
      if ((this.endsSoFar[mid] as number) > after) top = mid;
      else lo = mid + 1;
    }
    const out: T[] = [];
    for (let i = lo; i < hi; i++) if ((this.ends[i] as number) > after) out.push(this.rows[i] as T);
    return out;
  }
}
