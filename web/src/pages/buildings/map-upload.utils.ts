import type { UploadFloorMapBody } from '@fleet/contract';
import { fromDisplay, toDisplay, type UnitSystem } from '../../units/units';
import type { GreyImage, ImageType } from './map-file.utils';

/** A PNG or JPEG read in the browser; the file itself is kept for the preview. */
export interface PickedImage {
  name: string;
  type: ImageType;
  base64: string;
  width: number;
  height: number;
  file: Blob;
}

/** A PGM with its grey levels for the preview (browsers cannot draw PGM). */
export interface PickedPgm {
  name: string;
  base64: string;
  image: GreyImage;
}

/** The two files of a ROS map, as far as they have been chosen. */
export interface PickedRos {
  pgm?: PickedPgm | undefined;
  yaml?: { name: string; text: string } | undefined;
}

export type MapFormat = UploadFloorMapBody['format'];

/** Lengths in the user's unit: resolution per pixel, origin in the map frame. */
export interface MapUploadValues {
  format: MapFormat;
  image?: PickedImage | undefined;
  ros?: PickedRos | undefined;
  resolution?: number | null | undefined;
  originX?: number | null | undefined;
  originY?: number | null | undefined;
}

/** Body field → form field: both files of a ROS pair are shown on the one file picker. */
export const MAP_UPLOAD_FIELDS: Readonly<Record<string, string>> = {
  image: 'image',
  resolution: 'resolution',
  origin: 'originX',
  pgm: 'ros',
  yaml: 'ros',
};

/** Five centimetres a pixel: what ROS SLAM tools write by default. */
const DEFAULT_RESOLUTION_M = 0.05;
/** The contract's ceiling. */
export const MAX_RESOLUTION_M = 10;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function initialUploadValues(system: UnitSystem): MapUploadValues {
  return {
    format: 'image',
    resolution: round(toDisplay('length', DEFAULT_RESOLUTION_M, system), 4),
    originX: 0,
    originY: 0,
  };
}

/** The JSON body of the upload; undefined while a file is missing. Lengths go back to metres. */
export function toUploadBody(v: MapUploadValues, system: UnitSystem): UploadFloorMapBody | undefined {
  if (v.format === 'ros') {
    const { pgm, yaml } = v.ros ?? {};
    return pgm && yaml ? { format: 'ros', pgm: pgm.base64, yaml: yaml.text } : undefined;
  }
  if (!v.image || !v.resolution) return undefined;
  const metres = (shown: number | null | undefined) => fromDisplay('length', shown ?? 0, system);
  return {
    format: 'image',
    image: v.image.base64,
    resolution: metres(v.resolution),
    origin: { x: metres(v.originX), y: metres(v.originY) },
  };
}

/** The floor the map covers, in metres: its pixels times the resolution. */
export function mapSize(
  widthPx: number,
  heightPx: number,
  resolutionM: number,
): { width: number; height: number } {
  return { width: widthPx * resolutionM, height: heightPx * resolutionM };
}

/** Whether a resolution typed in the user's unit is one the server takes (more than 0, at most 10 m). */
export function resolutionAllowed(shown: number, system: UnitSystem): boolean {
  const metres = fromDisplay('length', shown, system);
  return metres > 0 && metres <= MAX_RESOLUTION_M;
}
