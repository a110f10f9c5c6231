/** A sprite sheet: cells of `cell` device pixels, in rows and columns. */
export interface SpriteSheet {
  canvas: HTMLCanvasElement;
  cell: number;
}

/** The robots of a frame, in device pixels: each sprite's top-left corner and its cell (row × columns + column). */
export class PlacedSprites {
  count = 0;
  left = new Int32Array(64);
  top = new Int32Array(64);
  cell = new Int32Array(64);

  /** Empties the list, with room for `n`. */
  reset(n: number): void {
    this.count = 0;
    if (this.left.length >= n) return;
    const size = Math.max(n, this.left.length * 2);
    this.left = new Int32Array(size);
    this.top = new Int32Array(size);
    this.cell = new Int32Array(size);
  }

  add(left: number, top: number, cell: number): void {
    this.left[this.count] = left;
    this.top[this.count] = top;
    this.cell[this.count] = cell;
    this.count++;
  }
}

/**
 * Many robots drawn by writing their sprites' pixels into one buffer put on the canvas at once. With software
 * rendering a `drawImage` costs ~3 µs whatever its size, plus every pixel of its cell (most of a robot's cell is
 * the empty room its heading can turn in); here only each sprite's visible pixels are touched, opaque ones
 * written and the anti-aliased edges (and faded robots) blended over what is below, as the canvas would.
 */
export class RobotPixels {
  private sheet: HTMLCanvasElement | null = null;
  /** Each cell's visible pixels: `start[c]` to `start[c + 1]` in the arrays below. */
  private start = new Int32Array(0);
  private dx = new Int16Array(0);
  private dy = new Int16Array(0);
  private colour = new Uint32Array(0);
  /** Each visible pixel's place in the buffer from its sprite's top-left corner, for buffers `offsetWidth` wide. */
  private offset = new Int32Array(0);
  private offsetWidth = 0;
  private cellSize = 0;
  private image: ImageData | null = null;
  private pixels = new Uint32Array(0);
  private order = new Float64Array(0);

  /**
   * Clears the canvas (its device pixels, whatever its transform) and draws the sprites from the top of the screen
   * down, a lower one over a higher one where they overlap: in that order each sprite's lines are mostly in the
   * processor's cache already (its neighbours above just wrote them), which in the order given they are not
   * (twice as slow with 5,000 robots).
   */
  draw(ctx: CanvasRenderingContext2D, sheet: SpriteSheet, sprites: PlacedSprites): void {
    if (!this.unpack(sheet)) return;
    const { width, height } = ctx.canvas;
    if (!this.image || this.image.width !== width || this.image.height !== height) {
      this.image = ctx.createImageData(width, height);
      this.pixels = new Uint32Array(this.image.data.buffer);
    } else {
      this.pixels.fill(0);
    }
    if (this.offsetWidth !== width) {
      for (let k = 0; k < this.offset.length; k++)
        this.offset[k] = (this.dy[k] ?? 0) * width + (this.dx[k] ?? 0);
      this.offsetWidth = width;
    }
    const n = sprites.count;
    if (this.order.length < n) this.order = new Float64Array(Math.max(n, this.order.length * 2));
    const order = this.order.subarray(0, n);
    // Sorted by top, then by place in the list: each key is top × 2^21 + index (exact in a double).
    for (let i = 0; i < n; i++) order[i] = (sprites.top[i] ?? 0) * 2097152 + i;
    order.sort();
    for (let k = 0; k < n; k++) {
      const key = order[k] ?? 0;
      const i = key - Math.floor(key / 2097152) * 2097152;
      this.blit(sprites.left[i] ?? 0, sprites.top[i] ?? 0, sprites.cell[i] ?? 0, width, height);
    }
    ctx.putImageData(this.image, 0, 0);
  }

  private blit(left: number, top: number, cell: number, width: number, height: number): void {
    const { colour, pixels } = this;
    const from = this.start[cell] ?? 0;
    const to = this.start[cell + 1] ?? 0;
    const size = this.cellSize;
    if (left >= 0 && top >= 0 && left + size <= width && top + size <= height) {
      const { offset } = this;
      const base = top * width + left;
      // Every index below is in range (the sprite is wholly inside): no `?? 0` in the frame's hottest loop.
      for (let k = from; k < to; k++) {
        const at = base + (offset[k] as number);
        const source = colour[k] as number;
        const below = pixels[at] as number;
        pixels[at] = below === 0 || source >>> 24 === 255 ? source : over(source, below);
      }
      return;
    }
    const { dx, dy } = this;
    for (let k = from; k < to; k++) {
      const x = left + (dx[k] ?? 0);
      const y = top + (dy[k] ?? 0);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const at = y * width + x;
      const source = colour[k] ?? 0;
      const below = pixels[at] ?? 0;
      pixels[at] = below === 0 || source >>> 24 === 255 ? source : over(source, below);
    }
  }

  /** Reads the sheet's visible pixels once per sheet; false when the sheet cannot be read. */
  private unpack(sheet: SpriteSheet): boolean {
    if (this.sheet === sheet.canvas) return true;
    const { canvas, cell } = sheet;
    const ctx = canvas.getContext('2d');
    if (!ctx || cell <= 0) return false;
    const data = new Uint32Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
    const columns = Math.floor(canvas.width / cell);
    const rows = Math.floor(canvas.height / cell);
    let visible = 0;
    for (const value of data) if (value >>> 24 !== 0) visible++;
    this.start = new Int32Array(columns * rows + 1);
    this.dx = new Int16Array(visible);
    this.dy = new Int16Array(visible);
    this.colour = new Uint32Array(visible);
    this.offset = new Int32Array(visible);
    this.offsetWidth = 0;
    let n = 0;
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        this.start[row * columns + column] = n;
        for (let y = 0; y < cell; y++) {
          const line = (row * cell + y) * canvas.width + column * cell;
          for (let x = 0; x < cell; x++) {
            const value = data[line + x] ?? 0;
            if (value >>> 24 === 0) continue;
            this.dx[n] = x;
            this.dy[n] = y;
            this.colour[n] = value;
            n++;
          }
        }
      }
    }
    this.start[columns * rows] = n;
    this.cellSize = cell;
    this.sheet = canvas;
    return true;
  }
}

/**
 * `source` over `below`, both unpremultiplied RGBA as the canvas's pixel buffer holds them (red in the low byte on
 * every machine browsers run on). Over an opaque pixel (most of a crowded floor) it is whole numbers only, red and
 * blue side by side in one word; otherwise the general formula.
 */
export function over(source: number, below: number): number {
  const sa = source >>> 24;
  const ba = below >>> 24;
  if (ba === 255) {
    const na = 255 - sa;
    const rb = (source & 0xff00ff) * sa + (below & 0xff00ff) * na + 0x800080;
    const g = ((source >>> 8) & 255) * sa + ((below >>> 8) & 255) * na + 128;
    // x / 255 rounded, for x up to 255 × 255: (x + 128 + ((x + 128) >> 8)) >> 8, in each 16-bit lane.
    return (
      (0xff000000 | (((rb + ((rb >>> 8) & 0xff00ff)) >>> 8) & 0xff00ff) | ((g + (g >>> 8)) & 0xff00)) >>> 0
    );
  }
  const sf = sa / 255;
  const bf = (ba / 255) * (1 - sf);
  const a = sf + bf;
  if (a === 0) return 0;
  const red = Math.round(((source & 255) * sf + (below & 255) * bf) / a);
  const green = Math.round((((source >>> 8) & 255) * sf + ((below >>> 8) & 255) * bf) / a);
  const blue = Math.round((((source >>> 16) & 255) * sf + ((below >>> 16) & 255) * bf) / a);
  return ((Math.round(a * 255) << 24) | (blue << 16) | (green << 8) | red) >>> 0;
}
