/** A label's box on the screen, in CSS pixels. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room kept between two labels, so neighbours do not read as one name. */
const GAP_PX = 2;

/**
 * Which labels to draw so that none covers another: in the order given (the most important first), a label is
 * kept when it overlaps none kept before it. The rest are left out until the user zooms in far enough to
 * separate them.
 */
export class LabelLayout {
  private readonly kept: LabelBox[] = [];

  /** Keeps the box and says true when it is clear of every box kept so far. */
  place(box: LabelBox): boolean {
    for (const k of this.kept) {
      if (
        box.x < k.x + k.width + GAP_PX &&
        k.x < box.x + box.width + GAP_PX &&
        box.y < k.y + k.height + GAP_PX &&
        k.y < box.y + box.height + GAP_PX
      )
        return false;
    }
    this.kept.push(box);
    return true;
  }
}
