/** A map file that cannot be used, with why; the upload route turns it into a 400 naming the body field. */
export class MapFileError extends Error {
  override name = 'MapFileError';
}

/** Browsers refuse to draw larger canvases, and no building needs more (16384 px at 5 cm is 819 m). */
export const MAX_MAP_SIDE = 16_384;

export function checkSize(width: number, height: number): void {
  if (width < 1 || height < 1) throw new MapFileError('the image has no pixels');
  if (width > MAX_MAP_SIDE || height > MAX_MAP_SIDE) {
    throw new MapFileError(`${width} × ${height} pixels is larger than ${MAX_MAP_SIDE} on a side`);
  }
}
