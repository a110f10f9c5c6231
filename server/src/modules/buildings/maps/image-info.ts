import { crc32 } from 'node:zlib';
import { checkSize, MapFileError } from './map-file-error.js';

export interface ImageInfo {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * What an uploaded image really is, from its bytes alone: the file name and the declared type are not
 * trusted. The structure is walked to its end, so a truncated or corrupted file is refused here rather than
 * failing in a browser later.
 */
export function imageInfo(bytes: Buffer): ImageInfo {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngInfo(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegInfo(bytes);
  throw new MapFileError('not a PNG or JPEG image (its first bytes are neither)');
}

const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function pngInfo(bytes: Buffer): ImageInfo {
  let at = 8;
  let width = 0;
  let height = 0;
  let sawData = false;
  for (let index = 0; ; index++) {
    if (at + 12 > bytes.length) throw new MapFileError('the PNG is cut short');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length)
      throw new MapFileError(`the PNG is cut short in its ${type} chunk`);
    // The CRC covers the chunk type and data.
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) {
      throw new MapFileError(`the PNG is damaged (checksum of its ${type} chunk)`);
    }
    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) throw new MapFileError('the PNG does not start with its header');
      width = bytes.readUInt32BE(at + 8);
      height = bytes.readUInt32BE(at + 12);
      const depth = bytes.readUInt8(at + 16);
      const colorType = bytes.readUInt8(at + 17);
      if (!PNG_DEPTHS[colorType]?.includes(depth)) throw new MapFileError('the PNG header is not valid');
      // Refused from the header alone: a 50,000 × 50,000 image is never walked, let alone decoded.
      checkSize(width, height);
    }
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') break;
    at = end;
  }
  if (!sawData) throw new MapFileError('the PNG has no image data');
  return { contentType: 'image/png', width, height };
}

/** Start-of-frame markers: the baseline, progressive and lossless kinds (not DHT C4, JPG C8 or DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegInfo(bytes: Buffer): ImageInfo {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new MapFileError('the JPEG is damaged (no marker where one belongs)');
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) throw new MapFileError('the JPEG is cut short');
    if (SOF.has(marker)) {
      if (length < 7) throw new MapFileError('the JPEG frame header is not valid');
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      checkSize(width, height);
      if (!hasEndMarker(bytes, at + 2 + length))
        throw new MapFileError('the JPEG is cut short (no end marker)');
      return { contentType: 'image/jpeg', width, height };
    }
    if (marker === 0xd9 || marker === 0xda) break;
    at += 2 + length;
  }
  throw new MapFileError('the JPEG has no frame header (no size)');
}

/** Cameras and editors may append bytes after the end marker, so it is looked for near the end. */
function hasEndMarker(bytes: Buffer, from: number): boolean {
  const start = Math.max(from, bytes.length - 4096);
  for (let i = bytes.length - 2; i >= start; i--) if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  return false;
}
