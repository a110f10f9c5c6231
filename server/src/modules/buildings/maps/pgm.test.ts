import { describe, expect, it } from 'vitest';
import { MapFileError } from './map-file-error.js';
import { parsePgm } from './pgm.js';

const p5 = (header: string, raster: number[]) =>
  Buffer.concat([Buffer.from(header, 'latin1'), Buffer.from(raster)]);

describe('parsePgm', () => {
  it.each([
    [
      'binary P5 with a comment',
      p5('P5\n# CREATOR: map_saver.cpp 0.050 m/pix\n3 2\n255\n', [0, 128, 254, 205, 255, 1]),
    ],
    ['plain P2', Buffer.from('P2\n3 2\n255\n0 128 254\n# a comment\n205 255 1\n')],
  ])('reads %s row by row from the top', (_, bytes) => {
    const pgm = parsePgm(bytes);
    expect(pgm).toMatchObject({ width: 3, height: 2, maxval: 255 });
    expect([...pgm.pixels]).toEqual([0, 128, 254, 205, 255, 1]);
  });

  it('reads two bytes per pixel when maxval is above 255', () => {
    const pgm = parsePgm(p5('P5 2 1 65535\n', [0xff, 0xff, 0x00, 0x10]));
    expect([...pgm.pixels]).toEqual([65535, 16]);
  });

  it.each([
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47]), /does not start with P5 or P2/],
    ['no width', Buffer.from('P5\n\n'), /width is missing/],
    ['a cut raster', p5('P5 4 4 255\n', [1, 2, 3]), /cut short: 4 × 4 pixels need 16 bytes/],
    ['maxval 0', Buffer.from('P2 1 1 0\n0'), /maxval/],
    ['a pixel above maxval', Buffer.from('P2 2 1 10\n3 11'), /pixel 2 is 11, above its maxval 10/],
    ['a P5 pixel above maxval', p5('P5 1 1 10\n', [11]), /above its maxval 10/],
    ['zero pixels', Buffer.from('P2 0 5 255\n'), /no pixels/],
    ['a side too long', Buffer.from('P5 20000 1 255\n'), /larger than 16384/],
    ['too few P2 values', Buffer.from('P2 2 2 255\n1 2 3'), /pixel 4 of 4 is missing/],
  ])('refuses %s with a reason', (_, bytes, reason) => {
    expect(() => parsePgm(bytes)).toThrow(MapFileError);
    expect(() => parsePgm(bytes)).toThrow(reason);
  });
});
