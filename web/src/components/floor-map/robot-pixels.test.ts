import { describe, expect, it } from 'vitest';
import { over, PlacedSprites, RobotPixels } from './robot-pixels';

/** An RGBA pixel as the canvas's buffer holds it on a little-endian machine. */
const rgba = (r: number, g: number, b: number, a: number) => ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
const RED = rgba(255, 0, 0, 255);
const BLUE = rgba(0, 0, 255, 255);
const HALF_RED = rgba(255, 0, 0, 128);

interface FakeImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * A sheet of 2 × 1 cells of 2 × 2 pixels: cell 0 has an opaque red top-left and a half red bottom-right, cell 1 a
 * blue bottom-left.
 */
function sheet() {
  const pixels = new Uint32Array(4 * 2);
  pixels[0] = RED;
  pixels[4 + 1] = HALF_RED;
  pixels[4 + 2] = BLUE;
  const canvas = {
    width: 4,
    height: 2,
    getContext: () => ({ getImageData: () => ({ data: new Uint8ClampedArray(pixels.buffer) }) }),
  } as unknown as HTMLCanvasElement;
  return { canvas, cell: 2 };
}

/** A canvas of 4 × 3 device pixels that keeps what was last put on it. */
function target() {
  let put: Uint32Array | undefined;
  const ctx = {
    canvas: { width: 4, height: 3 },
    createImageData: (width: number, height: number): FakeImage => ({
      width,
      height,
      data: new Uint8ClampedArray(width * height * 4),
    }),
    putImageData: (image: FakeImage) => {
      put = new Uint32Array(image.data.buffer.slice(0));
    },
  } as unknown as CanvasRenderingContext2D;
  return { ctx, shown: () => Array.from(put ?? []) };
}

function placed(...sprites: [number, number, number][]): PlacedSprites {
  const list = new PlacedSprites();
  list.reset(sprites.length);
  for (const [left, top, cell] of sprites) list.add(left, top, cell);
  return list;
}

describe('RobotPixels', () => {
  it("writes each sprite's visible pixels where it is placed and leaves the rest clear", () => {
    const { ctx, shown } = target();
    new RobotPixels().draw(ctx, sheet(), placed([1, 1, 0], [3, 0, 1]));
    // biome-ignore format: the canvas's three lines
    expect(shown()).toEqual([
      0, 0, 0, 0,
      0, RED, 0, BLUE,
      0, 0, HALF_RED, 0,
    ]);
  });

  it('draws a robot lower on the screen over one above it, whatever their order in the list', () => {
    const { ctx, shown } = target();
    new RobotPixels().draw(ctx, sheet(), placed([0, 0, 0], [0, -1, 1]));
    expect(shown()[0]).toBe(RED);
  });

  it('blends a half-transparent pixel over a robot drawn before it, as the canvas would', () => {
    const { ctx, shown } = target();
    // Both sprites start on the same line: drawn in the list's order.
    new RobotPixels().draw(ctx, sheet(), placed([0, -1, 1], [-1, -1, 0]));
    expect(shown()[0]).toBe(over(HALF_RED, BLUE));
  });

  it('clips a sprite at the edges instead of wrapping it onto the next line', () => {
    const { ctx, shown } = target();
    new RobotPixels().draw(ctx, sheet(), placed([3, 2, 0], [-1, 0, 0]));
    // Only (3, 2) is on the canvas: the sprite at (-1, 0) shows just its half-red pixel at (0, 1).
    // biome-ignore format: the canvas's three lines
    expect(shown()).toEqual([
      0, 0, 0, 0,
      HALF_RED, 0, 0, 0,
      0, 0, 0, RED,
    ]);
  });

  it('starts each frame clear: a robot that moved leaves nothing behind', () => {
    const { ctx, shown } = target();
    const pixels = new RobotPixels();
    pixels.draw(ctx, sheet(), placed([0, 0, 0]));
    pixels.draw(ctx, sheet(), placed([2, 1, 0]));
    expect(shown().filter((p) => p !== 0)).toEqual([RED, HALF_RED]);
    expect(shown()[0]).toBe(0);
  });
});

describe('over', () => {
  it.each([
    ['opaque over anything is itself', RED, BLUE, RED],
    ['anything over clear is itself', HALF_RED, 0, HALF_RED],
    ['clear over anything leaves it', 0, BLUE, BLUE],
    ['half red over opaque blue is an opaque mix', HALF_RED, BLUE, rgba(128, 0, 127, 255)],
    [
      'half red over half blue is three quarters opaque',
      HALF_RED,
      rgba(0, 0, 255, 128),
      rgba(170, 0, 85, 192),
    ],
  ])('%s', (_name, source, below, expected) => {
    expect(over(source, below)).toBe(expected);
  });
});

describe('over an opaque pixel', () => {
  it('equals the general formula, rounded, for every alpha and channel value', () => {
    const general = (s: number, b: number, a: number) => Math.round((s * a + b * (255 - a)) / 255);
    for (let a = 0; a <= 255; a += 5) {
      for (let s = 0; s <= 255; s += 15) {
        for (let b = 0; b <= 255; b += 17) {
          const got = over(rgba(s, 255 - s, s, a), rgba(b, b, 255 - b, 255));
          expect(got).toBe(rgba(general(s, b, a), general(255 - s, b, a), general(s, 255 - b, a), 255));
        }
      }
    }
  });
});
