import { parse } from 'yaml';
import { z } from 'zod';
import { MapFileError } from './map-file-error.js';

/** The fields of a ROS map_server map YAML the console uses; defaults are map_server's. */
export interface RosMapYaml {
  resolution: number;
  origin: { x: number; y: number };
  negate: boolean;
  occupiedThresh: number;
  freeThresh: number;
  mode: 'trinary' | 'scale' | 'raw';
}

const fraction = z.number().min(0, 'at least 0').max(1, 'at most 1');
const schema = z
  .object({
    image: z.string().optional(),
    resolution: z.number().positive('more than 0').max(10, 'at most 10 m per pixel'),
    origin: z
      .tuple([z.number(), z.number(), z.number()], 'a list [x, y, yaw]')
      .refine(([, , yaw]) => Math.abs(yaw) < 1e-9, 'yaw must be 0: rotated maps are not supported'),
    // map_server reads negate as 0/1; YAML booleans are accepted too.
    negate: z.union([z.literal(0), z.literal(1), z.boolean()]).default(0),
    occupied_thresh: fraction.default(0.65),
    free_thresh: fraction.default(0.196),
    mode: z.enum(['trinary', 'scale', 'raw']).default('trinary'),
  })
  .refine((v) => v.free_thresh < v.occupied_thresh, {
    path: ['free_thresh'],
    message: 'must be below occupied_thresh',
  });

/** Reads the YAML; a problem names the YAML field, e.g. `origin: a list [x, y, yaw]`. */
export function parseRosMapYaml(text: string): RosMapYaml {
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 10 });
  } catch (err) {
    throw new MapFileError(`not valid YAML (${(err as Error).message.split('\n')[0]})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new MapFileError('not a map_server YAML (expected fields such as resolution and origin)');
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = issue?.path[0];
    const missing = issue?.code === 'invalid_type' && typeof key === 'string' && !(key in raw);
    const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new MapFileError(`${field}${missing ? 'required' : (issue?.message ?? 'not valid')}`);
  }
  const v = result.data;
  return {
    resolution: v.resolution,
    origin: { x: v.origin[0], y: v.origin[1] },
    negate: v.negate === 1 || v.negate === true,
    occupiedThresh: v.occupied_thresh,
    freeThresh: v.free_thresh,
    mode: v.mode,
  };
}
