import type { MAP_CONTENT_TYPES } from '@fleet/contract';

/**
 * Reading map files in the browser, before anything is sent: what kind of file it is, its bytes as base64
 * for the JSON upload, and enough of a ROS map to preview it. The server checks every file again.
 */

/** base64 of any size: `btoa` takes a string, and spreading a large array into one overflows the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export type ImageType = (typeof MAP_CONTENT_TYPES)[number];

/** By the file's first bytes, not its name: a renamed file is what it is. */
export function imageTypeOf(bytes: Uint8Array): ImageType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return undefined;
}

/**
 * Which half of a ROS map pair a file is: a PGM starts with `P2` or `P5` and whitespace; anything else
 * that reads as text with a `resolution:` line, or is named .yaml/.yml, is the map_server YAML.
 */
export function rosFileKind(name: string, head: Uint8Array): 'pgm' | 'yaml' | undefined {
  if (head[0] === 0x50 && (head[1] === 0x32 || head[1] === 0x35) && isSpace(head[2])) return 'pgm';
  if (/\.ya?ml$/i.test(name)) return 'yaml';
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  return /^\s*resolution\s*:/m.test(text) ? 'yaml' : undefined;
}

const isSpace = (b: number | undefined) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

export interface RosYamlScale {
  /** Metres per pixel. */
  resolution: number | undefined;
  origin: { x: number; y: number } | undefined;
  negate: boolean;
}

const NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';

/**
 * The scale of a map_server YAML, for the preview only: `resolution: 0.05`, `origin: [-10, -10, 0]`,
 * `negate: 0`. A YAML this does not understand still goes to the server, whose parser decides.
 */
export function readRosYaml(text: string): RosYamlScale {
  const resolution = new RegExp(`^\\s*resolution\\s*:\\s*(${NUMBER})\\s*(?:#.*)?$`, 'm').exec(text)?.[1];
  const origin = new RegExp(`^\\s*origin\\s*:\\s*\\[\\s*(${NUMBER})\\s*,\\s*(${NUMBER})`, 'm').exec(text);
  const negate = /^\s*negate\s*:\s*(1|true)\b/im.test(text);
  const r = resolution === undefined ? undefined : Number(resolution);
  return {
    resolution: r !== undefined && r > 0 ? r : undefined,
    origin:
      origin?.[1] !== undefined && origin[2] !== undefined
        ? { x: Number(origin[1]), y: Number(origin[2]) }
        : undefined,
    negate,
  };
}

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black … 255 white, rows from the top. */
  grey: Uint8ClampedArray;
}

/**
 * A PGM (binary P5, 8 or 16 bit, or plain P2) as grey levels, for drawing a preview; undefined when the
 * file is not one this can read.
 */
export function readPgm(bytes: Uint8Array): GreyImage | undefined {
  let pos = 0;
  const token = (): string | undefined => {
    for (;;) {
      while (pos < bytes.length && isSpace(bytes[pos])) pos++;
      if (bytes[pos] !== 0x23) break;
      while (pos < bytes.length && bytes[pos] !== 0x0a) pos++;
    }
    const start = pos;
    while (pos < bytes.length && !isSpace(bytes[pos]) && bytes[pos] !== 0x23) pos++;
    return pos > start ? String.fromCharCode(...bytes.subarray(start, pos)) : undefined;
  };
  const magic = token();
  if (magic !== 'P5' && magic !== 'P2') return undefined;
  const [width, height, maxval] = [Number(token()), Number(token()), Number(token())];
  if (![width, height, maxval].every((n) => Number.isInteger(n) && n > 0) || maxval > 65_535)
    return undefined;
  const count = width * height;
  const grey = new Uint8ClampedArray(count);
  const scale = 255 / maxval;
  if (magic === 'P2') {
    for (let i = 0; i < count; i++) {
      const value = Number(token());
      if (!Number.isFinite(value)) return undefined;
      grey[i] = value * scale;
    }
    return { width, height, grey };
  }
  pos++; // the single whitespace byte after maxval
  const wide = maxval > 255;
  if (bytes.length - pos < count * (wide ? 2 : 1)) return undefined;
  for (let i = 0; i < count; i++) {
    const value = wide
      ? ((bytes[pos + 2 * i] ?? 0) << 8) | (bytes[pos + 2 * i + 1] ?? 0)
      : (bytes[pos + i] ?? 0);
    grey[i] = value * scale;
  }
  return { width, height, grey };
}

/** Grey levels as the RGBA a canvas takes. */
export function rgbaOf(image: GreyImage): Uint8ClampedArray<ArrayBuffer> {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.grey.length; i++) {
    const g = image.grey[i] ?? 0;
    rgba[4 * i] = g;
    rgba[4 * i + 1] = g;
    rgba[4 * i + 2] = g;
    rgba[4 * i + 3] = 255;
  }
  return rgba;
}
