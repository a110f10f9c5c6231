import { PNG } from 'pngjs';
import type { Pgm } from './pgm.js';
import type { RosMapYaml } from './ros-map-yaml.js';

/** The greys ROS's map_saver writes, so a converted map looks as it does in RViz. */
export const FREE = 254;
export const OCCUPIED = 0;
export const UNKNOWN = 205;

/**
 * A PGM map as a greyscale PNG, classified the way map_server reads it: the darker a pixel (or the lighter,
 * with `negate`), the likelier occupied; above `occupied_thresh` it is a wall, below `free_thresh` free space,
 * in between unknown (`trinary`) or a grey in proportion (`scale`). `raw` keeps occupancy values 0–100 as given.
 */
export function occupancyPng(pgm: Pgm, yaml: RosMapYaml): Buffer {
  const { width, height, maxval, pixels } = pgm;
  const grey = Buffer.alloc(width * height);
  const span = yaml.occupiedThresh - yaml.freeThresh;
  for (let i = 0; i < grey.length; i++) {
    const value = pixels[i] as number;
    if (yaml.mode === 'raw') {
      grey[i] = value <= 100 ? Math.round(FREE - (value * FREE) / 100) : UNKNOWN;
      continue;
    }
    const lightness = value / maxval;
    const occupancy = yaml.negate ? lightness : 1 - lightness;
    if (occupancy > yaml.occupiedThresh) grey[i] = OCCUPIED;
    else if (occupancy < yaml.freeThresh) grey[i] = FREE;
    else if (yaml.mode === 'scale') grey[i] = Math.round(FREE * (1 - (occupancy - yaml.freeThresh) / span));
    else grey[i] = UNKNOWN;
  }
  return greyPng(width, height, grey);
}

/** One byte per pixel in, an 8-bit greyscale PNG out (a third the size of RGB). */
export function greyPng(width: number, height: number, grey: Buffer): Buffer {
  const png = new PNG({ width, height, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = grey;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, bitDepth: 8 });
}
