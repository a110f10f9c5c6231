import type { uploadFloorMapBody } from '@fleet/contract';
import type { z } from 'zod';
import { AppError, badRequest } from '../../../errors.js';
import { imageInfo } from './image-info.js';
import { MapFileError } from './map-file-error.js';
import { occupancyPng } from './occupancy-png.js';
import { parsePgm } from './pgm.js';
import { parseRosMapYaml } from './ros-map-yaml.js';

/** A floor map ready to store: the bytes to serve and how to place them in metres. */
export interface FloorMapFile {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  resolution: number;
  origin: { x: number; y: number };
}

type Upload = z.infer<typeof uploadFloorMapBody>;

/**
 * Checks an upload by its content and size and turns it into the image to serve. Nothing is stored here:
 * a file that fails any check leaves no trace. A problem answers 400 (413 for size) naming the body field.
 */
export function readFloorMap(body: Upload, maxBytes: number): FloorMapFile {
  if (body.format === 'image') {
    const bytes = decode('image', body.image, maxBytes);
    const info = within('image', () => imageInfo(bytes));
    return { bytes, ...info, resolution: body.resolution, origin: body.origin };
  }
  const yaml = within('yaml', () => parseRosMapYaml(body.yaml));
  const bytes = decode('pgm', body.pgm, maxBytes);
  const pgm = within('pgm', () => parsePgm(bytes));
  return {
    bytes: occupancyPng(pgm, yaml),
    contentType: 'image/png',
    width: pgm.width,
    height: pgm.height,
    resolution: yaml.resolution,
    origin: yaml.origin,
  };
}

function decode(field: string, base64: string, maxBytes: number): Buffer {
  // The decoded size is known from the text alone, before any memory is spent on it.
  const size =
    Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size > maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `body.${field}: ${mb(size)} is more than the ${mb(maxBytes)} allowed`,
    );
  }
  return Buffer.from(base64, 'base64');
}

function within<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof MapFileError) throw badRequest(`body.${field}`, err.message);
    throw err;
  }
}

const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
