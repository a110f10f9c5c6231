/**
 * Where the map is looked at from: the world point (metres, y up as in ROS and VDA 5050) at the canvas
 * centre and the zoom in CSS pixels per metre. Pure functions, so panning and zooming are testable.
 */
export interface View {
  cx: number;
  cy: number;
  ppm: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const MIN_PPM = 0.5;
export const MAX_PPM = 400;

const clampPpm = (ppm: number) => Math.min(MAX_PPM, Math.max(MIN_PPM, ppm));

export function toScreen(view: View, size: Size, x: number, y: number): { sx: number; sy: number } {
  return {
    sx: size.width / 2 + (x - view.cx) * view.ppm,
    sy: size.height / 2 - (y - view.cy) * view.ppm,
  };
}

export function toWorld(view: View, size: Size, sx: number, sy: number): { x: number; y: number } {
  return {
    x: view.cx + (sx - size.width / 2) / view.ppm,
    y: view.cy - (sy - size.height / 2) / view.ppm,
  };
}

/** The whole of `bounds` in view with a margin of `padding` pixels on each side. */
export function fitView(bounds: Bounds, size: Size, padding = 24): View {
  const w = Math.max(bounds.maxX - bounds.minX, 1);
  const h = Math.max(bounds.maxY - bounds.minY, 1);
  const ppm = Math.min(Math.max(size.width - 2 * padding, 1) / w, Math.max(size.height - 2 * padding, 1) / h);
  return {
    cx: (bounds.minX + bounds.maxX) / 2,
    cy: (bounds.minY + bounds.maxY) / 2,
    ppm: clampPpm(ppm),
  };
}

/** Zooms by `factor` keeping the world point under the screen point (sx, sy) where it is. */
export function zoomAt(view: View, size: Size, sx: number, sy: number, factor: number): View {
  const anchor = toWorld(view, size, sx, sy);
  const ppm = clampPpm(view.ppm * factor);
  return {
    ppm,
    cx: anchor.x - (sx - size.width / 2) / ppm,
    cy: anchor.y + (sy - size.height / 2) / ppm,
  };
}

/** Moves the map with the pointer: dragging right by dx pixels shows what was to the left. */
export function panBy(view: View, dx: number, dy: number): View {
  return { ...view, cx: view.cx - dx / view.ppm, cy: view.cy + dy / view.ppm };
}

export function centreOn(view: View, x: number, y: number): View {
  return { ...view, cx: x, cy: y };
}
