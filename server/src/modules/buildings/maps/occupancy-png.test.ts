import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { FREE, OCCUPIED, occupancyPng, UNKNOWN } from './occupancy-png.js';
import type { RosMapYaml } from './ros-map-yaml.js';

const yaml = (over: Partial<RosMapYaml> = {}): RosMapYaml => ({
  resolution: 0.05,
  origin: { x: 0, y: 0 },
  negate: false,
  occupiedThresh: 0.65,
  freeThresh: 0.196,
  mode: 'trinary',
  ...over,
});
const pgm = (values: number[], maxval = 255) => ({
  width: values.length,
  height: 1,
  maxval,
  pixels: Uint16Array.from(values),
});
const greys = (png: Buffer) => {
  const image = PNG.sync.read(png);
  // pngjs hands back RGBA; a grey image has R = G = B.
  return Array.from({ length: image.width * image.height }, (_, i) => image.data[i * 4]);
};

describe('occupancyPng', () => {
  it('classifies as map_server does: dark is a wall, light is free, in between unknown', () => {
    expect(greys(occupancyPng(pgm([0, 254, 205, 255, 60]), yaml()))).toEqual([
      OCCUPIED,
      FREE,
      UNKNOWN,
      FREE,
      OCCUPIED,
    ]);
  });

  it('negate swaps dark and light', () => {
    expect(greys(occupancyPng(pgm([0, 255]), yaml({ negate: true })))).toEqual([FREE, OCCUPIED]);
  });

  it('scale mode keeps greys in proportion between the thresholds', () => {
    const [wall, middle, free] = greys(occupancyPng(pgm([0, 150, 255]), yaml({ mode: 'scale' })));
    expect([wall, free]).toEqual([OCCUPIED, FREE]);
    expect(middle).toBeGreaterThan(OCCUPIED);
    expect(middle).toBeLessThan(FREE);
  });

  it('reads 16-bit maps by their maxval', () => {
    expect(greys(occupancyPng(pgm([0, 65535], 65535), yaml()))).toEqual([OCCUPIED, FREE]);
  });

  it('writes a greyscale PNG of the same size', () => {
    const image = PNG.sync.read(
      occupancyPng({ width: 3, height: 2, maxval: 255, pixels: new Uint16Array(6) }, yaml()),
    );
    expect([image.width, image.height, image.color]).toEqual([3, 2, false]);
  });
});
