import { z } from 'zod';
import { idParam, nothing } from '../envelope.js';
import { defineRoute } from '../route.js';
import { text } from '../text.js';

/** A named point of a floor robots can be sent to: metres and radians in the floor map's frame. */
export const station = z.object({
  id: z.uuid(),
  floorId: z.uuid(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  /** Heading on arrival, radians counter-clockwise from the x axis, −π … π. */
  theta: z.number(),
  charger: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Station = z.infer<typeof station>;

const stationName = text({ min: 1, max: 80 });
/** Far beyond any building, near enough that a typo of a few zeros is caught. */
const metres = z.number().min(-100_000, 'at least -100000 m').max(100_000, 'at most 100000 m');
const theta = z.number().min(-Math.PI, 'at least −π').max(Math.PI, 'at most π');

export const createStationBody = z.object({
  floorId: z.uuid(),
  name: stationName,
  x: metres,
  y: metres,
  theta: theta.default(0),
  charger: z.boolean().default(false),
});
export const editStationBody = z.object({
  id: z.uuid(),
  name: stationName.optional(),
  x: metres.optional(),
  y: metres.optional(),
  theta: theta.optional(),
  charger: z.boolean().optional(),
});

export const stationRoutes = {
  listStations: defineRoute({
    id: 'listStations',
    method: 'GET',
    path: '/opt/v1/building/floor/:id/stations',
    auth: 'user',
    area: 'buildings',
    summary: 'The stations of a floor, by name',
    params: idParam,
    data: z.array(station),
  }),
  createStation: defineRoute({
    id: 'createStation',
    method: 'POST',
    path: '/opt/v1/building/station',
    auth: 'user',
    area: 'buildings',
    summary: 'Add a station (a named pose, maybe a charger) to a floor; names are unique per floor',
    body: createStationBody,
    data: station,
  }),
  editStation: defineRoute({
    id: 'editStation',
    method: 'PUT',
    path: '/opt/v1/building/station',
    auth: 'user',
    area: 'buildings',
    summary: 'Rename, move or turn a station, or change whether it charges',
    body: editStationBody,
    data: station,
  }),
  removeStation: defineRoute({
    id: 'removeStation',
    method: 'DELETE',
    path: '/opt/v1/building/station/:id',
    auth: 'user',
    area: 'buildings',
    summary: 'Remove a station',
    params: idParam,
    data: nothing,
  }),
};
