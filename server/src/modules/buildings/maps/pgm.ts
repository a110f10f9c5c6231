import { checkSize, MapFileError } from './map-file-error.js';

export interface Pgm {
  width: number;
  height: number;
  /** The value meaning white. */
  maxval: number;
  /** Row by row from the top, one value per pixel. */
  pixels: Uint16Array;
}

/** Netpbm whitespace: space, tab, CR, LF, VT, FF. */
const isSpace = (b: number | undefined) => b === 0x20 || (b !== undefined && b >= 0x09 && b <= 0x0d);
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;

/**
 * A PGM image, binary (P5) or plain text (P2), as ROS map_server's map_saver writes them: header fields
 * separated by whitespace with `#` comments, then the raster (one or two bytes per pixel when maxval > 255).
 */
export function parsePgm(bytes: Buffer): Pgm {
  const magic = bytes.toString('latin1', 0, 2);
  if (magic !== 'P5' && magic !== 'P2')
    throw new MapFileError('not a PGM image (it does not start with P5 or P2)');
  let at = 2;
  /** The next decimal number after whitespace and comments, or -1; a P2 raster calls this per pixel. */
  const readNumber = (): number => {
    for (;;) {
      while (isSpace(bytes[at])) at++;
      if (bytes[at] !== 0x23) break;
      while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at++;
    }
    let value = 0;
    const start = at;
    for (; isDigit(bytes[at]) && at - start < 9; at++) value = value * 10 + ((bytes[at] as number) - 0x30);
    return at === start || isDigit(bytes[at]) ? -1 : value;
  };
  const nextNumber = (what: string): number => {
    const value = readNumber();
    if (value < 0) throw new MapFileError(`the PGM ${what} is missing or not a number`);
    return value;
  };
  const width = nextNumber('width');
  const height = nextNumber('height');
  const maxval = nextNumber('maxval');
  checkSize(width, height);
  if (maxval < 1 || maxval > 65535) throw new MapFileError('the PGM maxval is not between 1 and 65535');
  const count = width * height;
  const pixels = new Uint16Array(count);
  if (magic === 'P5') {
    if (!isSpace(bytes[at])) throw new MapFileError('the PGM header does not end with whitespace');
    at++;
    const wide = maxval > 255;
    const needed = count * (wide ? 2 : 1);
    if (bytes.length - at < needed) {
      throw new MapFileError(
        `the PGM is cut short: ${width} × ${height} pixels need ${needed} bytes of raster`,
      );
    }
    for (let i = 0; i < count; i++) {
      pixels[i] = wide ? bytes.readUInt16BE(at + 2 * i) : (bytes[at + i] as number);
    }
  } else {
    for (let i = 0; i < count; i++) {
      const value = readNumber();
      if (value < 0) throw new MapFileError(`the PGM pixel ${i + 1} of ${count} is missing or not a number`);
      if (value > maxval)
        throw new MapFileError(`PGM pixel ${i + 1} is ${value}, above its maxval ${maxval}`);
      pixels[i] = value;
    }
  }
  for (let i = 0; i < count; i++) {
    if ((pixels[i] as number) > maxval)
      throw new MapFileError(`PGM pixel ${i + 1} is above its maxval ${maxval}`);
  }
  return { width, height, maxval, pixels };
}
