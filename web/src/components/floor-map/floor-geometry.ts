import type { Bounds } from './view';

/**
 * How a floor's map image lies in the floor's frame (metres, y up): the ROS map_server convention, where
 * `origin` is the position of the image's lower-left pixel and `resolution` the metres per pixel.
 */
export interface FloorGeometry {
  imageUrl: string | null;
  widthPx: number;
  heightPx: number;
  resolution: number;
  originX: number;
  originY: number;
}

export interface MapStation {
  id: string;
  name: string;
  x: number;
  y: number;
  theta: number;
  charger: boolean;
}

export function floorBounds(g: FloorGeometry): Bounds {
  return {
    minX: g.originX,
    minY: g.originY,
    maxX: g.originX + g.widthPx * g.resolution,
    maxY: g.originY + g.heightPx * g.resolution,
  };
}

/** The smallest box holding every point, grown by `margin` metres; a 20 m square when there is none. */
export function boundsOf(points: Iterable<{ x: number; y: number }>, margin = 5): Bounds {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  if (!Number.isFinite(minX)) return { minX: -10, minY: -10, maxX: 10, maxY: 10 };
  return { minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin };
}

/** The contract's floor map as the renderer wants it. */
export function geometryOf(
  map: {
    imageUrl: string;
    width: number;
    height: number;
    resolution: number;
    origin: { x: number; y: number };
  } | null,
): FloorGeometry | null {
  if (!map) return null;
  return {
    imageUrl: map.imageUrl,
    widthPx: map.width,
    heightPx: map.height,
    resolution: map.resolution,
    originX: map.origin.x,
    originY: map.origin.y,
  };
}
