/** A label's box on the screen, in CSS pixels. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room kept between two labels, so neighbours do not read as one name. */
const GAP_PX = 2;
/** Kept boxes are filed in square cells of this size: a new box is compared only with those in its cells. */
const CELL_PX = 64;

/**
 * Which labels to draw so that none covers another: in the order given (the most important first), a label is
 * kept when it overlaps none kept before it. The rest are left out until the user zooms in far enough to
 * separate them. Thousands of names a frame stay cheap: each is checked against its neighbours only.
 */
export class LabelLayout {
  private readonly kept: LabelBox[] = [];
  private readonly cells = new Map<number, LabelBox[]>();

  /** Starts with `taken` already kept (e.g. the stations' names, drawn on the layer below). */
  constructor(taken: readonly LabelBox[] = []) {
    for (const box of taken) this.keep(box);
  }

  /** Every box kept so far. */
  boxes(): LabelBox[] {
    return [...this.kept];
  }

  /** Keeps the box and says true when it is clear of every box kept so far. */
  place(box: LabelBox): boolean {
    let clear = true;
    this.eachCell(box, (key) => {
      for (const k of this.cells.get(key) ?? []) {
        if (
          box.x < k.x + k.width + GAP_PX &&
          k.x < box.x + box.width + GAP_PX &&
          box.y < k.y + k.height + GAP_PX &&
          k.y < box.y + box.height + GAP_PX
        ) {
          clear = false;
          return false;
        }
      }
      return true;
    });
    if (clear) this.keep(box);
    return clear;
  }

  private keep(box: LabelBox): void {
    this.kept.push(box);
    this.eachCell(box, (key) => {
      const cell = this.cells.get(key);
      if (cell) cell.push(box);
      else this.cells.set(key, [box]);
      return true;
    });
  }

  /** Every cell the box (with its gap) touches, until `visit` says false. */
  private eachCell(box: LabelBox, visit: (key: number) => boolean): void {
    const x0 = Math.floor((box.x - GAP_PX) / CELL_PX);
    const x1 = Math.floor((box.x + box.width + GAP_PX) / CELL_PX);
    const y0 = Math.floor((box.y - GAP_PX) / CELL_PX);
    const y1 = Math.floor((box.y + box.height + GAP_PX) / CELL_PX);
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        // Screens are far smaller than 2^16 cells a side, off-screen labels included.
        if (!visit((cx + 32_768) * 65_536 + (cy + 32_768))) return;
      }
    }
  }
}
