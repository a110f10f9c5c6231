import { bytesToBase64, imageTypeOf, readPgm, rosFileKind } from './map-file.utils';
import type { PickedImage, PickedPgm } from './map-upload.utils';

/** Why a chosen file cannot be used: a key of `upload.errors`. */
export class MapFileProblem extends Error {
  constructor(readonly key: 'notImage' | 'notRos' | 'unreadable') {
    super(key);
    this.name = 'MapFileProblem';
  }
}

async function bytesOf(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    throw new MapFileProblem('unreadable');
  }
}

/** A PNG or JPEG, checked by its bytes and decoded once for its size. */
export async function readImageFile(file: File): Promise<PickedImage> {
  const bytes = await bytesOf(file);
  const type = imageTypeOf(bytes);
  if (!type) throw new MapFileProblem('notImage');
  let size: { width: number; height: number };
  try {
    const bitmap = await createImageBitmap(file);
    size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
  } catch {
    throw new MapFileProblem('notImage');
  }
  return { name: file.name, type, base64: bytesToBase64(bytes), ...size, file };
}

export type PickedRosFile =
  | { kind: 'pgm'; pgm: PickedPgm }
  | { kind: 'yaml'; yaml: { name: string; text: string } };

/** One file of a ROS pair: the PGM image or its YAML, told apart by content. */
export async function readRosFile(file: File): Promise<PickedRosFile> {
  const bytes = await bytesOf(file);
  const kind = rosFileKind(file.name, bytes.subarray(0, 512));
  if (kind === 'yaml') return { kind, yaml: { name: file.name, text: new TextDecoder().decode(bytes) } };
  const image = kind === 'pgm' ? readPgm(bytes) : undefined;
  if (!image) throw new MapFileProblem('notRos');
  return { kind: 'pgm', pgm: { name: file.name, base64: bytesToBase64(bytes), image } };
}
