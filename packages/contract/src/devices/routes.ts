import { z } from 'zod';
import { idParam, pageBody, pageResult } from '../envelope.js';
import { defineRoute } from '../route.js';
import { text } from '../text.js';

export const miniDevice = z.object({
  id: z.uuid(),
  name: z.string(),
  serialNumber: z.string(),
  companyId: z.uuid(),
  buildingId: z.uuid().nullable(),
  buildingName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type MiniDevice = z.infer<typeof miniDevice>;

export const deviceRoutes = {
  searchMiniDevices: defineRoute({
    id: 'searchMiniDevices',
    method: 'POST',
    path: '/opt/v1/mini/device/search',
    auth: 'user',
    area: 'devices',
    summary: 'Mini devices of the company, paged, filtered by name (trimmed)',
    body: pageBody(
      z.object({
        name: text({ max: 120 }).optional(),
        buildingId: z.uuid().optional(),
      }),
    ),
    data: pageResult(miniDevice),
  }),
  bindMiniBuilding: defineRoute({
    id: 'bindMiniBuilding',
    method: 'POST',
    path: '/opt/v1/mini/device/bind-mini-building',
    auth: 'user',
    area: 'devices',
    summary: 'Place a mini device in one of the company’s buildings (null unbinds it)',
    body: z.object({ deviceId: z.uuid(), buildingId: z.uuid().nullable() }),
    data: miniDevice,
  }),
  listCompanyMiniDevices: defineRoute({
    id: 'listCompanyMiniDevices',
    method: 'GET',
    path: '/opt/v1/mini/device/list-company-all',
    auth: 'user',
    area: 'devices',
    summary: 'Every mini device of the company',
    data: z.array(miniDevice),
  }),
  getMiniDevice: defineRoute({
    id: 'getMiniDevice',
    method: 'GET',
    path: '/opt/v1/mini/device/:id',
    auth: 'user',
    area: 'devices',
    summary: 'One mini device of the company',
    params: idParam,
    data: miniDevice,
  }),
};
