import { z } from 'zod';
import { idParam, nothing, pageBody, pageResult } from '../envelope.js';
import { defineRoute } from '../route.js';
import { text } from '../text.js';
import { floor } from './floors.js';

/**
 * The canonical IANA name of a time zone (`europe/berlin` → `Europe/Berlin`), or null. Offsets such as
 * `+01:00` are refused: a building keeps its daylight-saving rules only under a zone name.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const timeZone = text({ max: 64 }).transform((value, ctx) => {
  const canonical = canonicalTimeZone(value);
  if (canonical) return canonical;
  ctx.addIssue({ code: 'custom', message: 'not an IANA time zone name such as Europe/Berlin' });
  return z.NEVER;
});

const buildingName = text({ min: 1, max: 120 });
/** An empty address is no address. */
const address = text({ max: 300 })
  .transform((v) => v || null)
  .nullable();
const latitude = z.number().min(-90, 'at least -90').max(90, 'at most 90').nullable();
const longitude = z.number().min(-180, 'at least -180').max(180, 'at most 180').nullable();

/** A position needs both coordinates: one without the other places the building nowhere. */
function bothOrNeither(v: { latitude?: number | null; longitude?: number | null }): boolean {
  return (
    (v.latitude === undefined) === (v.longitude === undefined) &&
    (v.latitude === null) === (v.longitude === null)
  );
}
const pairMessage = { path: ['longitude'], message: 'latitude and longitude are given together' };

export const createBuildingBody = z
  .object({
    name: buildingName,
    address: address.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    timeZone: timeZone.default('UTC'),
  })
  .refine(bothOrNeither, pairMessage);

export const editBuildingBody = z
  .object({
    id: z.uuid(),
    name: buildingName.optional(),
    address: address.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    timeZone: timeZone.optional(),
  })
  .refine(bothOrNeither, pairMessage);

export const building = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  floorCount: z.int().min(0),
  robotCount: z.int().min(0),
  createdAt: z.iso.datetime(),
});
export type Building = z.infer<typeof building>;

/** A building with its floors, lowest level first. */
export const buildingDetail = building.extend({ floors: z.array(floor) });
export type BuildingDetail = z.infer<typeof buildingDetail>;

export const buildingRoutes = {
  searchBuildings: defineRoute({
    id: 'searchBuildings',
    method: 'POST',
    path: '/opt/v1/building/search',
    auth: 'user',
    area: 'buildings',
    summary: 'Buildings of the company, paged, filtered by name (trimmed), with floor and robot counts',
    body: pageBody(z.object({ name: text({ max: 120 }).optional() })),
    data: pageResult(building),
  }),
  getBuilding: defineRoute({
    id: 'getBuilding',
    method: 'GET',
    path: '/opt/v1/building/:id',
    auth: 'user',
    area: 'buildings',
    summary: 'One building of the company with its floors, lowest level first',
    params: idParam,
    data: buildingDetail,
  }),
  createBuilding: defineRoute({
    id: 'createBuilding',
    method: 'POST',
    path: '/opt/v1/building',
    auth: 'user',
    area: 'buildings',
    summary: 'Add a building: name, address, position and time zone',
    body: createBuildingBody,
    data: buildingDetail,
  }),
  editBuilding: defineRoute({
    id: 'editBuilding',
    method: 'PUT',
    path: '/opt/v1/building',
    auth: 'user',
    area: 'buildings',
    summary: 'Change a building’s name, address, position or time zone',
    body: editBuildingBody,
    data: buildingDetail,
  }),
  removeBuilding: defineRoute({
    id: 'removeBuilding',
    method: 'DELETE',
    path: '/opt/v1/building/:id',
    auth: 'user',
    area: 'buildings',
    summary:
      'Remove a building with its floors, maps and stations; its robots and mini devices stay, unassigned',
    params: idParam,
    data: nothing,
  }),
};
