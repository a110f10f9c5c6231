import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageInfo } from './image-info.js';
import { greyPng } from './occupancy-png.js';

/** A minimal baseline JPEG's structure: SOI, APP0, SOF0 with the size, SOS, data, EOI. */
function jpeg(width: number, height: number, end = true): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x0b, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0];
  const sos = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...sos, ...(end ? [0xff, 0xd9] : [])]);
}

describe('imageInfo', () => {
  it('knows a PNG by its bytes and reads its size', () => {
    expect(imageInfo(greyPng(7, 5, Buffer.alloc(35, 254)))).toEqual({
      contentType: 'image/png',
      width: 7,
      height: 5,
    });
  });

  it('knows a JPEG by its bytes and reads its size from the frame header', () => {
    expect(imageInfo(jpeg(640, 480))).toEqual({ contentType: 'image/jpeg', width: 640, height: 480 });
  });

  it.each([
    ['text', Buffer.from('hello, not an image'), /not a PNG or JPEG/],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), /not a PNG or JPEG/],
    ['a PNG cut short', greyPng(7, 5, Buffer.alloc(35)).subarray(0, 40), /cut short/],
    ['a JPEG without its end', jpeg(10, 10, false), /no end marker/],
    ['a JPEG of 0 pixels', jpeg(0, 10), /no pixels/],
  ])('refuses %s', (_, bytes, reason) => {
    expect(() => imageInfo(bytes)).toThrow(reason);
  });

  it('refuses a PNG whose header was altered (checksum)', () => {
    const png = Buffer.from(greyPng(7, 5, Buffer.alloc(35)));
    png.writeUInt32BE(9, 16); // width in IHDR
    expect(() => imageInfo(png)).toThrow(/damaged \(checksum of its IHDR chunk\)/);
  });

  it('refuses a 50,000 × 50,000 PNG from its header, before reading the rest of the file', () => {
    const png = Buffer.from(greyPng(7, 5, Buffer.alloc(35)));
    png.writeUInt32BE(50_000, 16);
    png.writeUInt32BE(50_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    // Cut after the header: a decoder would need the rest; the size alone is enough to refuse.
    expect(() => imageInfo(png.subarray(0, 33))).toThrow(
      /50000 × 50000 pixels is larger than 16384 on a side/,
    );
  });

  it('refuses a JPEG whose frame header claims 50,000 × 50,000 pixels', () => {
    expect(() => imageInfo(jpeg(50_000, 50_000))).toThrow(/larger than 16384 on a side/);
  });
});
