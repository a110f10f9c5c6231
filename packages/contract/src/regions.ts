import { z } from 'zod';
import { defineRoute } from './route.js';

export const REGION_CODE = z.string().regex(/^[A-Z]{2,8}$/, 'a region code is 2–8 capital letters');

export const region = z.object({
  label: z.string(),
  region: REGION_CODE,
  /** Base URL of the region's operation server. */
  host: z.string(),
});
export type Region = z.infer<typeof region>;

export const regionRoutes = {
  regions: defineRoute({
    id: 'regions',
    method: 'GET',
    path: '/opt/v1/common/regions',
    auth: 'public',
    area: 'regions',
    summary: 'Regions the console can operate in, each with its operation host',
    data: z.array(region),
  }),
};
