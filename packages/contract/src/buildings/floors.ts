import { z } from 'zod';
import { idParam, nothing } from '../envelope.js';
import { defineRoute } from '../route.js';
import { rawText, text } from '../text.js';

/** Image types a floor map is stored and served as; a ROS PGM is converted to PNG on upload. */
export const MAP_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const mapContentType = z.enum(MAP_CONTENT_TYPES);

/**
 * How to draw a floor map in metres. The map frame is ROS's: x right, y up, metres; `origin` is where the
 * lower-left corner of the lower-left pixel lies. A pixel (column c, row r counted from the top) covers
 * x = origin.x + c·resolution … and y = origin.y + (height − r − 1)·resolution ….
 * The floor's id is the `mapId` robots report in VDA 5050 `agvPosition`.
 */
export const floorMap = z.object({
  /** Fetch with the session token; `v` changes with every upload, so the answer may be cached for good. */
  imageUrl: z.string(),
  contentType: mapContentType,
  width: z.int().min(1),
  height: z.int().min(1),
  /** Metres per pixel. */
  resolution: z.number().positive(),
  origin: z.object({ x: z.number(), y: z.number() }),
  /** The area the image covers, in metres of the map frame. */
  bounds: z.object({ minX: z.number(), minY: z.number(), maxX: z.number(), maxY: z.number() }),
  version: z.string(),
  uploadedAt: z.iso.datetime(),
});
export type FloorMap = z.infer<typeof floorMap>;

export const floor = z.object({
  id: z.uuid(),
  buildingId: z.uuid(),
  name: z.string(),
  /** Storey number: orders floors in a building (0 ground, negative below), one floor per level. */
  level: z.int(),
  map: floorMap.nullable(),
  stationCount: z.int().min(0),
  createdAt: z.iso.datetime(),
});
export type Floor = z.infer<typeof floor>;

const floorName = text({ min: 1, max: 80 });
const level = z.int().min(-20, 'at least -20').max(300, 'at most 300');

export const createFloorBody = z.object({ buildingId: z.uuid(), name: floorName, level });
export const editFloorBody = z.object({ id: z.uuid(), name: floorName.optional(), level: level.optional() });

const base64File = z.base64('not base64').min(1, 'required');
const resolution = z.number().positive('more than 0').max(10, 'at most 10 m per pixel');

/**
 * A floor map: a PNG or JPEG with its scale, or a ROS map_server pair (PGM image and its YAML). Files travel
 * as base64 so the upload is one validated JSON call like every other; the server checks the bytes, not names.
 */
export const uploadFloorMapBody = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('image'),
    /** PNG or JPEG. */
    image: base64File,
    resolution,
    origin: z.object({ x: z.number().finite(), y: z.number().finite() }).default({ x: 0, y: 0 }),
  }),
  z.object({
    format: z.literal('ros'),
    /** PGM, binary (P5) or plain (P2). */
    pgm: base64File,
    /** map_server YAML: image, resolution, origin [x, y, yaw], negate, occupied_thresh, free_thresh, mode. */
    yaml: rawText(64_000).min(1, 'required'),
  }),
]);
export type UploadFloorMapBody = z.input<typeof uploadFloorMapBody>;

export const floorRoutes = {
  getFloor: defineRoute({
    id: 'getFloor',
    method: 'GET',
    path: '/opt/v1/building/floor/:id',
    auth: 'user',
    area: 'buildings',
    summary: 'One floor with how to draw its map',
    params: idParam,
    data: floor,
  }),
  createFloor: defineRoute({
    id: 'createFloor',
    method: 'POST',
    path: '/opt/v1/building/floor',
    auth: 'user',
    area: 'buildings',
    summary: 'Add a floor to a building (one per level); its id is the VDA 5050 mapId of its robots',
    body: createFloorBody,
    data: floor,
  }),
  editFloor: defineRoute({
    id: 'editFloor',
    method: 'PUT',
    path: '/opt/v1/building/floor',
    auth: 'user',
    area: 'buildings',
    summary: 'Rename a floor or change its level',
    body: editFloorBody,
    data: floor,
  }),
  removeFloor: defineRoute({
    id: 'removeFloor',
    method: 'DELETE',
    path: '/opt/v1/building/floor/:id',
    auth: 'user',
    area: 'buildings',
    summary: 'Remove a floor with its map and stations',
    params: idParam,
    data: nothing,
  }),
  uploadFloorMap: defineRoute({
    id: 'uploadFloorMap',
    method: 'PUT',
    path: '/opt/v1/building/floor/:id/map',
    auth: 'user',
    area: 'buildings',
    summary: 'Set a floor’s map: PNG or JPEG with its scale, or a ROS PGM + YAML pair (converted to PNG)',
    params: idParam,
    body: uploadFloorMapBody,
    data: floor,
    upload: true,
  }),
  getFloorMap: defineRoute({
    id: 'getFloorMap',
    method: 'GET',
    path: '/opt/v1/building/floor/:id/map',
    auth: 'user',
    area: 'buildings',
    summary: 'The floor map image (PNG or JPEG), with an ETag; cached for good when `v` is its version',
    params: idParam,
    query: z.object({ v: rawText(64).optional() }),
    data: z.string().describe('the image bytes'),
    raw: true,
    binary: true,
  }),
};
